export { MatcherModule, MATCHER, Matcher } from './matcher.module';
export { MatcherConfig, MatcherSettings, loadMatcherSettings } from './matcher-settings';
export { PARTITION_COUNT } from './partitions/partition-leases';
export { PayerDataRetention, RetentionRun, TenantRetention } from './retention/payer-data-retention';
