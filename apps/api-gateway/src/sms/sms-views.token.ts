export const SMS_VIEWS = Symbol('SMS_VIEWS');
