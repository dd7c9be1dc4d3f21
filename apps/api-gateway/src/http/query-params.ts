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

/** An optional whole-number query param from `min` to `max` (422 otherwise), `fallback` when left out. */
export function intParam(name: string, value: string | undefined, { min, max, fallback }: { min: number; max: number; fallback: number }): number {
  if (value === undefined) return fallback;
  if (!/^\d{1,10}$/.test(value) || Number(value) < min || Number(value) > max) throw new UnprocessableEntityException(`${name} must be ${min} to ${max}`);
  return Number(value);
}

/** `?limit=`, 1 to 1000, 100 when left out. */
export function limitParam(value: string | undefined): number {
  return intParam('limit', value, { min: 1, max: 1000, fallback: 100 });
}

/** An optional `YYYY-MM-DD` calendar date (422 otherwise). */
export function optionalDateParam(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const date = /^[1-9]\d{3}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : null;
  // 2026-02-30 parses as 2 March: a real date reads back the same.
  if (!date || Number.isNaN(date.getTime()) || !date.toISOString().startsWith(value)) throw new UnprocessableEntityException(`${name} must be a date, YYYY-MM-DD`);
  return value;
}
