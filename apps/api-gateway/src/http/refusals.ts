import { HttpStatus } from '@nestjs/common';
import { Refusal, RefusalKind, Result } from '@pvs/domain';

export const REFUSAL_STATUS: Readonly<Record<RefusalKind, HttpStatus>> = {
  not_found: HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  unprocessable: HttpStatus.UNPROCESSABLE_ENTITY,
};

/** A use case's refusal on its way from a controller to the exception filter, which answers it. */
export class RefusedError extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
    this.name = 'RefusedError';
  }
}

/** The value of a use case's result; a refusal goes to the exception filter. */
export function valueOf<T>(result: Result<T>): T {
  if (!result.ok) throw new RefusedError(result.refusal);
  return result.value;
}
