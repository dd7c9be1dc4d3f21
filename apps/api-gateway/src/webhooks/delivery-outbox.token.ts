export const DELIVERY_OUTBOX = Symbol('DELIVERY_OUTBOX');
