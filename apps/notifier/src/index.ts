export { NotifierModule, NotifierConfig, NOTIFIER, Notifier } from './notifier.module';
export { DEFAULT_RETRY_SCHEDULE_SECONDS } from './delivery/retry-schedule';
