/** What the process exits with: scripts tell failures apart by it. */
export const EXIT_CODES = { ok: 0, apiError: 1, usage: 2, cannotConnect: 3 } as const;

/** The command line itself is wrong: nothing was sent. */
export class UsageError extends Error {
  readonly exitCode = EXIT_CODES.usage;
}

/** The service answered with an error status (its own message), or reported a failure. */
export class ApiError extends Error {
  readonly exitCode = EXIT_CODES.apiError;
}

/** The service could not be reached at all. */
export class ConnectionError extends Error {
  readonly exitCode = EXIT_CODES.cannotConnect;
}

export type CliError = UsageError | ApiError | ConnectionError;

export function isCliError(error: unknown): error is CliError {
  return error instanceof UsageError || error instanceof ApiError || error instanceof ConnectionError;
}
