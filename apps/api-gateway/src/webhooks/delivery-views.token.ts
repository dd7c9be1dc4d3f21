export const DELIVERY_VIEWS = Symbol('DELIVERY_VIEWS');
