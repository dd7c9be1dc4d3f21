import { UnprocessableEntityException } from '@nestjs/common';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** An optional query filter that must be a UUID when given (422 otherwise). */
export function optionalUuidParam(name: string, value: string | undefined): string | undefined {
  if (value !== undefined && !isUuid(value)) throw new UnprocessableEntityException(`${name} must be a UUID`);
  return value;
}

/** An optional query filter that must be one of `allowed` when given (422 otherwise). */
export function optionalChoiceParam<T extends string>(name: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value !== undefined && !(allowed as readonly string[]).includes(value)) {
    throw new UnprocessableEntityException(`${name} must be one of: ${allowed.join(', ')}`);
  }
  return value as T | undefined;
}

/** `?limit=`, 1 to 1000, 100 when left out. */
export function limitParam(value: string | undefined): number {
  if (value === undefined) return 100;
  if (!/^\d{1,4}$/.test(value) || Number(value) < 1 || Number(value) > 1000) throw new UnprocessableEntityException('limit must be 1 to 1000');
  return Number(value);
}
