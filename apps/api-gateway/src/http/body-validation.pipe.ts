import { ArgumentMetadata, Injectable, UnprocessableEntityException, ValidationError, ValidationPipe } from '@nestjs/common';
import { findUnstorableText } from './storable-text';

/** Validates request bodies against their DTO: unknown fields refused, every failure a 422. */
@Injectable()
export class BodyValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      validationError: { target: false, value: false },
      exceptionFactory: (errors) => new UnprocessableEntityException(describe(errors)),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && (typeof value !== 'object' || value === null || Array.isArray(value))) {
      throw new UnprocessableEntityException('The request body must be a JSON object');
    }
    const unstorable = metadata.type === 'body' ? findUnstorableText(value) : null;
    if (unstorable) throw new UnprocessableEntityException(`${unstorable} contains a NUL character or invalid Unicode`);
    return super.transform(value, metadata);
  }
}

function describe(errors: ValidationError[], parent = ''): string {
  return errors
    .flatMap((error) => {
      const path = parent ? `${parent}.${error.property}` : error.property;
      const own = Object.values(error.constraints ?? {}).map((text) => text.replace(error.property, path));
      return error.children?.length ? [...own, describe(error.children, path)] : own;
    })
    .join('; ');
}
