export { NotifierModule, NotifierConfig } from './notifier.module';
export { NotifierSettings, loadNotifierSettings } from './notifier-settings';
