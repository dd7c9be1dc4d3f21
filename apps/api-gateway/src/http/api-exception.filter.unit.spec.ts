import { ArgumentsHost, Logger, NotFoundException } from '@nestjs/common';
import { ExpectedVersionConflictError } from '@pvs/event-store';
import { ApiExceptionFilter } from './api-exception.filter';

/** What the filter answered: the status and the body it sent. */
function answerTo(exception: unknown): { status: number; body: unknown } {
  const answer = { status: 0, body: undefined as unknown };
  const reply = {
    status(code: number) {
      answer.status = code;
      return reply;
    },
    send(body: unknown) {
      answer.body = body;
      return reply;
    },
  };
  const host = { switchToHttp: () => ({ getResponse: () => reply }) } as unknown as ArgumentsHost;
  new ApiExceptionFilter().catch(exception, host);
  return answer;
}

describe('ApiExceptionFilter', () => {
  it('answers an HTTP exception with its status and message', () => {
    expect(answerTo(new NotFoundException('Tenant not found'))).toEqual({ status: 404, body: { success: false, message: 'Tenant not found' } });
  });

  it('answers a version conflict that no handler answered with 409, for the client to retry', () => {
    expect(answerTo(new ExpectedVersionConflictError('tenant-1', 3, 4))).toEqual({
      status: 409,
      body: { success: false, message: 'The resource was changed by another request meanwhile; try again' },
    });
  });

  it('answers anything else with a logged 500 whose message tells nothing of the internals', () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    expect(answerTo(new Error('connection refused at 10.0.0.5'))).toEqual({ status: 500, body: { success: false, message: 'Internal server error' } });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('connection refused at 10.0.0.5'));
    logged.mockRestore();
  });
});
