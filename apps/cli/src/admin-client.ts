import { ApiError, ConnectionError } from './cli-errors';

type Query = Record<string, string | number | undefined>;

/** The operators' API over HTTP: every call sends the admin token and unwraps `{success, data}`. */
export class AdminClient {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  get<T>(path: string, query: Query = {}, signal?: AbortSignal): Promise<T> {
    return this.send('GET', path, { query, signal });
  }

  post<T>(path: string, body?: object): Promise<T> {
    return this.send('POST', path, { body });
  }

  patch<T>(path: string, body: object): Promise<T> {
    return this.send('PATCH', path, { body });
  }

  put<T>(path: string, body: object): Promise<T> {
    return this.send('PUT', path, { body });
  }

  delete<T>(path: string): Promise<T> {
    return this.send('DELETE', path, {});
  }

  private async send<T>(method: string, path: string, { query = {}, body, signal }: { query?: Query; body?: object; signal?: AbortSignal }): Promise<T> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, String(value));
    let status: number;
    let text: string;
    try {
      const response = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${this.token}`, ...(body && { 'content-type': 'application/json' }) },
        body: body && JSON.stringify(body),
        signal,
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ConnectionError(`cannot reach the service at ${this.baseUrl} (set PVS_URL or --url): ${networkReason(error)}`);
    }
    const answer = parseJson(text);
    if (status >= 400) throw new ApiError(`${errorMessage(answer) ?? (text || 'no message')} (HTTP ${status})`);
    return (answer as { data: T }).data;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorMessage(answer: unknown): string | undefined {
  const message = (answer as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

/** fetch hides the socket error in `cause` (ECONNREFUSED, ENOTFOUND, …). */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.message ?? cause?.code ?? (error instanceof Error ? error.message : String(error));
}
