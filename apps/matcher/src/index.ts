export { MatcherModule, MATCHER, Matcher } from './matcher.module';
export { MatcherConfig, loadMatcherSettings } from './matcher-settings';
export { PARTITION_COUNT } from './partitions/partition-leases';
