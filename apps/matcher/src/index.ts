export { MatcherModule, MatcherConfig, MATCHER, Matcher } from './matcher.module';
