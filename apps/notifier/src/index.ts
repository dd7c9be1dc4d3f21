export { NotifierModule, NotifierConfig, NOTIFIER, Notifier } from './notifier.module';
export { NotifierSettings, loadNotifierSettings } from './notifier-settings';
