export { MatcherModule, MatcherConfig, MATCHER, Matcher } from './matcher.module';
export { PAYMENT_DECISIONS_TOPIC, PaymentDecisionMessage } from './publishing/decision-publisher';
