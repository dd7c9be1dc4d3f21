import { STATUS_CODES } from 'node:http';
import { Socket } from 'node:net';
import { ErrorResponse } from './api-error';

/**
 * How long a client may take: the whole request (headers and a body of at most 64 KB) within the request timeout
 * (HTTP_REQUEST_TIMEOUT_MS, 15 s by default), the headers within 10 s of it, and an idle socket is closed after
 * 30 s; a kept-alive connection waits 72 s for its next request (longer than the idle timeout of common load
 * balancers, so they never reuse a connection we are closing). Node checks the first two every second, so a slow
 * client, sending a byte now and then, is cut within a second of its deadline.
 */
export function clientTimeouts(requestTimeoutMs: number) {
  return {
    requestTimeout: requestTimeoutMs,
    connectionTimeout: 30_000,
    keepAliveTimeout: 72_000,
    http: { headersTimeout: Math.min(10_000, requestTimeoutMs), connectionsCheckingInterval: 1_000 },
  };
}

const ANSWERS: Record<string, readonly [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request line and headers exceed the size limit (16 KB)'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request was not received in time'],
};

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (headers too large, too slow, not HTTP) get our
 * error body too, and the connection is closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = ANSWERS[error.code ?? ''] ?? [400, 'Malformed HTTP request'];
  const body = JSON.stringify(ErrorResponse.of(message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
