import { ArgumentMetadata, Injectable, UnprocessableEntityException, ValidationError, ValidationPipe } from '@nestjs/common';
import { findBodyProblem } from './body-shape';
import { PUBLIC_WEBHOOK_DESTINATIONS } from './webhook-url';

/**
 * Validates request bodies against their DTO: unknown fields refused, every failure a 422. Webhook URLs pointing
 * into private networks are refused unless those are allowed (their check is a validation group, run or not).
 */
@Injectable()
export class BodyValidationPipe extends ValidationPipe {
  constructor({ allowPrivateWebhookDestinations }: { allowPrivateWebhookDestinations: boolean }) {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      // Every check without a group always runs; strictGroups keeps the grouped one off when its group is not asked for.
      always: true,
      strictGroups: true,
      groups: allowPrivateWebhookDestinations ? [] : [PUBLIC_WEBHOOK_DESTINATIONS],
      validationError: { target: false, value: false },
      exceptionFactory: (errors) => new UnprocessableEntityException(describe(errors)),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && (typeof value !== 'object' || value === null || Array.isArray(value))) {
      throw new UnprocessableEntityException('The request body must be a JSON object');
    }
    const problem = metadata.type === 'body' ? findBodyProblem(value) : null;
    if (problem) throw new UnprocessableEntityException(problem);
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
