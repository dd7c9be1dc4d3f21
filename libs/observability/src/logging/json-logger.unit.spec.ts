import { Logger } from '@nestjs/common';
import { LogCapture } from '../testing/log-capture';
import { JsonLogger, LogLevel } from './json-logger';

describe('JsonLogger (Nest LoggerService on pino)', () => {
  const capture = (level: LogLevel = 'info') => {
    const lines = new LogCapture();
    Logger.overrideLogger(new JsonLogger({ service: 'matcher', level, destination: lines }));
    return lines;
  };

  it("writes each `new Logger(context)` call as one JSON line with level, time, service, context and message", () => {
    const lines = capture();
    new Logger('Matcher').log('matching started');
    expect(lines.lines).toHaveLength(1);
    expect(lines.entries()[0]).toEqual({
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      service: 'matcher',
      pid: process.pid,
      hostname: expect.any(String),
      context: 'Matcher',
      msg: 'matching started',
    });
  });

  it('turns an object message into fields, its `msg` into the message', () => {
    const lines = capture();
    new Logger('Notifier').warn({ msg: 'webhook attempt', correlation_id: 'req-1', attempt: 2, next_attempt_at: null });
    expect(lines.entries()).toEqual([expect.objectContaining({ level: 'warn', context: 'Notifier', msg: 'webhook attempt', correlation_id: 'req-1', attempt: 2, next_attempt_at: null })]);
  });

  it("keeps an error's stack, whether given as Nest's second argument or as the Error itself", () => {
    const lines = capture();
    const failure = new Error('projection failed');
    new Logger('Projector').error('projection failed', failure.stack);
    new Logger('Projector').error(failure);
    const [withStack, withError] = lines.entries();
    expect(withStack).toMatchObject({ level: 'error', context: 'Projector', msg: 'projection failed', stack: failure.stack });
    expect(withError).toMatchObject({ level: 'error', msg: 'projection failed', err: { type: 'Error', message: 'projection failed', stack: failure.stack } });
  });

  it('writes only from LOG_LEVEL up, and puts Nest start-up chatter at debug', () => {
    const atWarn = capture('warn');
    new Logger('Http').log('request');
    new Logger('Http').debug('details');
    new Logger('Http').warn('slow');
    expect(atWarn.entries().map((entry) => entry.msg)).toEqual(['slow']);

    const atInfo = capture('info');
    new Logger('RoutesResolver').log('Mapped {/api/v1/payments/verify, POST} route');
    expect(atInfo.lines).toEqual([]);
    const atDebug = capture('debug');
    new Logger('RoutesResolver').log('Mapped {/api/v1/payments/verify, POST} route');
    expect(atDebug.entries()).toEqual([expect.objectContaining({ level: 'debug', context: 'RoutesResolver' })]);
  });

  it('redacts credential and signature headers wherever a line carries headers', () => {
    const lines = capture();
    const headers = {
      authorization: 'Bearer admin-token-value',
      'x-api-key': 'pvs_0123456789abcdef_secret',
      'x-gateway-secret': 'pvsgw_0123456789abcdef_secret',
      'x-service-signature': 'deadbeef',
      'webhook-signature': 'v1,c2lnbmF0dXJl',
      'content-type': 'application/json',
    };
    new Logger('Http').log({ msg: 'with headers', headers, req: { headers }, request: { headers } });
    const [entry] = lines.entries();
    for (const at of [entry.headers, (entry.req as { headers: unknown }).headers, (entry.request as { headers: unknown }).headers]) {
      expect(at).toEqual({
        authorization: '[redacted]',
        'x-api-key': '[redacted]',
        'x-gateway-secret': '[redacted]',
        'x-service-signature': '[redacted]',
        'webhook-signature': '[redacted]',
        'content-type': 'application/json',
      });
    }
  });
});
