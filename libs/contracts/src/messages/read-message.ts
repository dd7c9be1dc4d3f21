import { plainToInstance } from 'class-transformer';
import { ValidationError, validateSync } from 'class-validator';

/** A message of the wrong shape: retrying cannot help, so it goes to the dead letters with this reason. */
export class MalformedMessageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedMessageError';
  }
}

type MessageClass<T extends object> = new () => T;

/** The payload as the declared message class, validated as strictly as an HTTP body; throws MalformedMessageError. */
export function readMessage<T extends object>(shape: MessageClass<T>, payload: unknown): T {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw new MalformedMessageError(`${shape.name} must be a JSON object`);
  const message = plainToInstance(shape, payload);
  const errors = validateSync(message);
  if (errors.length > 0) throw new MalformedMessageError(`${shape.name}: ${describe(errors).join('; ')}`);
  return message;
}

function describe(errors: readonly ValidationError[], path = ''): string[] {
  return errors.flatMap((error) => {
    const field = path ? `${path}.${error.property}` : error.property;
    return [...Object.values(error.constraints ?? {}).map((constraint) => `${field}: ${constraint}`), ...describe(error.children ?? [], field)];
  });
}
