export { ProjectorModule, PROJECTION_RUNNERS } from './projector.module';
export { ProjectionRunner } from './projections/projection-runner';
export { paymentsProjection } from './payments/payments.projection';
export { smsProjection } from './sms/sms.projection';
