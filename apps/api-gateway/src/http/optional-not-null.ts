import { ValidateIf } from 'class-validator';

/**
 * A field that may be left out but not sent as null: class-validator's IsOptional skips null
 * too, which would let `{"unpaid_cycles": null}` through to the event.
 */
export const OptionalNotNull = () => ValidateIf((_object, value) => value !== undefined);
