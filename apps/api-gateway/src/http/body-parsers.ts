import { isUtf8 } from 'node:buffer';
import { BadRequestException, UnsupportedMediaTypeException } from '@nestjs/common';
import { FastifyInstance } from 'fastify';

const NOT_UTF8 = 'The request body is not valid UTF-8';

/**
 * The key Fastify's parser refused in JSON that is otherwise valid: `__proto__`, or a `constructor` holding a
 * `prototype` (keys that could reach every object's prototype once merged). Searched without recursion, since a
 * body may nest thousands of levels deep.
 */
function forbiddenKey(json: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  const pending = [parsed];
  for (let value = pending.pop(); value !== undefined; value = pending.pop()) {
    if (typeof value !== 'object' || value === null) continue;
    if (Object.hasOwn(value, '__proto__')) return '__proto__';
    const constructor: unknown = Object.hasOwn(value, 'constructor') ? Reflect.get(value, 'constructor') : undefined;
    if (typeof constructor === 'object' && constructor !== null && Object.hasOwn(constructor, 'prototype')) return 'constructor.prototype';
    for (const inner of Object.values(value)) pending.push(inner);
  }
  return null;
}

/**
 * Bodies are JSON, in UTF-8 (RFC 8259 8.1): bytes that are not are refused with a 400, like any body that is not
 * JSON, instead of being decoded into U+FFFD replacement characters and stored; the JSON itself is read by Fastify's
 * own parser, which also refuses `__proto__` and `constructor.prototype` keys (a 400 that names the key). A
 * form-encoded body is read only on `formRoutes` (Twilio posts its SMS webhook as a form); anywhere else it is a 415,
 * as any other content type.
 */
export function parseBodies(fastify: FastifyInstance, formRoutes: readonly string[]): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    if (!isUtf8(body)) {
      done(new BadRequestException(NOT_UTF8), undefined);
      return;
    }
    const json = body.toString('utf8');
    parseJson(request, json, (error, parsed) => {
      const key = error ? forbiddenKey(json) : null;
      if (key) done(new BadRequestException(`The key "${key}" is not accepted in a request body`), undefined);
      else done(error, parsed);
    });
  });
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    if (!formRoutes.includes(request.routeOptions.url ?? '')) done(new UnsupportedMediaTypeException(), undefined);
    else if (!isUtf8(body)) done(new BadRequestException(NOT_UTF8), undefined);
    else done(null, Object.fromEntries(new URLSearchParams(body.toString('utf8'))));
  });
}
