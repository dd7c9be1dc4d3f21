import { Type, applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiExtraModels, ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiSecurity, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { ReferenceObject, SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { MAX_PATH_PARAM_LENGTH } from '../path-params';
import { ErrorResponse } from '../api-error';

const ERRORS: Record<number, string> = {
  400: 'Malformed JSON body',
  401: 'Missing or invalid credential',
  402: 'Tenant suspended, or its unpaid-cycle limit reached',
  404: 'Not found',
  409: 'Conflicts with the current state',
  415: 'The body is not application/json',
  422: 'Validation error',
  429: 'Rate limit exceeded',
};

/** Error responses, all `{success:false, message}`. */
export const ApiErrors = (...statuses: (keyof typeof ERRORS)[]) =>
  applyDecorators(...statuses.map((status) => ApiResponse({ status, description: ERRORS[status], type: ErrorResponse })));

/** A response's shape: a response class (its schema generated from its properties), or a schema where there is none yet. */
type Shape = Type<unknown> | SchemaObject | ReferenceObject;

const isClass = (shape: Shape): shape is Type<unknown> => typeof shape === 'function';
const schemaOf = (shape: Shape): SchemaObject | ReferenceObject => (isClass(shape) ? { $ref: getSchemaPath(shape) } : shape);
const modelsOf = (shape: Shape) => (isClass(shape) ? [ApiExtraModels(shape)] : []);

/** A success response in the `{success:true, message?, data}` envelope. */
export const ApiData = (status: number, description: string, data: Shape, withMessage = false) =>
  applyDecorators(
    ...modelsOf(data),
    ApiResponse({
      status,
      description,
      schema: {
        type: 'object',
        required: ['success', 'data', ...(withMessage ? ['message'] : [])],
        properties: { success: { type: 'boolean', enum: [true] }, ...(withMessage ? { message: { type: 'string' } } : {}), data: schemaOf(data) },
      },
    }),
  );

export const ApiList = (description: string, item: Shape) => applyDecorators(...modelsOf(item), ApiData(200, description, { type: 'array', items: schemaOf(item) }));

/** Class-level: an operators' controller behind the admin bearer token. */
export const AdminApi = () => applyDecorators(ApiTags('operators'), ApiBearerAuth('adminToken'), ApiErrors(401));

/** Method-level: a merchant endpoint behind X-Api-Key. */
export const MerchantApi = (summary: string, description?: string) =>
  applyDecorators(ApiTags('merchants'), ApiSecurity('apiKey'), ApiOperation({ summary, description }), ApiErrors(401));

export const Summary = (summary: string, description?: string) => ApiOperation({ summary, description });

/** Body-taking endpoints answer 400 to broken JSON, 415 to other media types and 422 to invalid fields. */
export const ApiBodyErrors = () => ApiErrors(400, 415, 422);

export const LimitQuery = () =>
  ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: 1000, default: 100 } });

export const UuidQuery = (name: string, description: string) =>
  ApiQuery({ name, required: false, description, schema: { type: 'string', format: 'uuid' } });

export const ChoiceQuery = (name: string, values: readonly string[], description?: string) =>
  ApiQuery({ name, required: false, description, schema: { type: 'string', enum: [...values] } });

/** A path parameter; ids that are not well formed answer 404, as unknown ones do. */
export const PathParam = (name: string, description: string, schema: SchemaObject = {}) =>
  applyDecorators(ApiParam({ name, description, schema: { type: 'string', maxLength: MAX_PATH_PARAM_LENGTH, ...schema } }), ApiErrors(404));
