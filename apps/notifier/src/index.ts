export { NotifierModule, NotifierConfig } from './notifier.module';
export { NOTIFIER, Notifier } from './notifier';
export { NotifierSettings, loadNotifierSettings } from './notifier-settings';
