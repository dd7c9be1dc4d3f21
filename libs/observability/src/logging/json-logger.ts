import { hostname } from 'node:os';
import { LoggerService } from '@nestjs/common';
import pino, { DestinationStream, Logger as PinoLogger } from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Headers that carry a credential or a signature: whatever logs them gets `[redacted]` instead. */
const SECRET_HEADERS = ['authorization', 'x-api-key', 'x-gateway-secret', 'x-service-signature', 'webhook-signature'];
const REDACTED_PATHS = ['headers', 'req.headers', 'request.headers'].flatMap((at) => SECRET_HEADERS.map((header) => `${at}["${header}"]`));

/** Nest's own start-up chatter (modules loaded, routes mapped): debug, not info. */
const FRAMEWORK_CONTEXTS = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']);

type Level = Exclude<LogLevel, 'silent'>;

export interface JsonLoggerOptions {
  /** Names the process in every line: embedded, api-gateway, matcher… */
  readonly service: string;
  readonly level: LogLevel;
  /** stdout unless given (tests capture the lines in memory). */
  readonly destination?: DestinationStream;
}

/**
 * Nest's LoggerService on pino: every `new Logger(context).log(…)` in the code is one JSON line
 * with `level`, `time`, `service`, `context` and `msg`; an object message adds its fields (e.g.
 * `correlation_id`). Writes are synchronous, so nothing is lost when the process exits.
 */
export class JsonLogger implements LoggerService {
  readonly pino: PinoLogger;

  constructor(options: JsonLoggerOptions) {
    this.pino = pino(
      {
        level: options.level,
        base: { service: options.service, pid: process.pid, hostname: hostname() },
        timestamp: pino.stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
        redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      },
      options.destination ?? pino.destination({ fd: 1, sync: true }),
    );
  }

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  /** Nest calls `(message, …extra, context)`; for errors the extra is the stack. */
  private write(level: Level, message: unknown, params: unknown[]): void {
    const context = params.length > 0 && typeof params.at(-1) === 'string' ? (params.at(-1) as string) : undefined;
    const extra = (context === undefined ? params : params.slice(0, -1)).filter((param) => param !== undefined);
    const effective = level === 'info' && context !== undefined && FRAMEWORK_CONTEXTS.has(context) ? 'debug' : level;
    if (!this.pino.isLevelEnabled(effective)) return;
    const fields: Record<string, unknown> = context === undefined ? {} : { context };
    let text: string | undefined;
    if (message instanceof Error) {
      fields.err = message;
      text = message.message;
    } else if (typeof message === 'object' && message !== null && !Array.isArray(message)) {
      const { msg, ...rest } = message as Record<string, unknown>;
      Object.assign(fields, rest);
      text = typeof msg === 'string' ? msg : undefined;
    } else {
      text = String(message);
    }
    if (extra.length > 0) fields[level === 'error' && typeof extra[0] === 'string' ? 'stack' : 'details'] = extra.length === 1 ? extra[0] : extra;
    this.pino[effective](fields, text);
  }
}
