export { ProjectorModule, PROJECTION_RUNNERS, PROJECTIONS } from './projector.module';
export { ProjectionRunner } from './projections/projection-runner';
export { ProjectionRebuild, RebuildResult } from './projections/projection-rebuild';
export { paymentsProjection } from './payments/payments.projection';
export { smsProjection } from './sms/sms.projection';
export { tenantDailyProjection } from './dashboard/tenant-daily.projection';
