import { isUtf8 } from 'node:buffer';
import { BadRequestException, UnsupportedMediaTypeException } from '@nestjs/common';
import { FastifyInstance } from 'fastify';

const NOT_UTF8 = 'The request body is not valid UTF-8';

/**
 * Bodies are JSON, in UTF-8 (RFC 8259 8.1): bytes that are not are refused with a 400, like any body that is not
 * JSON, instead of being decoded into U+FFFD replacement characters and stored; the JSON itself is read by Fastify's
 * own parser, which also refuses `__proto__` and `constructor.prototype` keys. A form-encoded body is read only on
 * `formRoutes` (Twilio posts its SMS webhook as a form); anywhere else it is a 415, as any other content type.
 */
export function parseBodies(fastify: FastifyInstance, formRoutes: readonly string[]): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    if (!isUtf8(body)) {
      done(new BadRequestException(NOT_UTF8), undefined);
      return;
    }
    parseJson(request, body.toString('utf8'), done);
  });
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    if (!formRoutes.includes(request.routeOptions.url ?? '')) done(new UnsupportedMediaTypeException(), undefined);
    else if (!isUtf8(body)) done(new BadRequestException(NOT_UTF8), undefined);
    else done(null, Object.fromEntries(new URLSearchParams(body.toString('utf8'))));
  });
}
