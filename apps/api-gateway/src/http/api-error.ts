/** The error body of every endpoint (spec 2.7). */
export interface ApiErrorBody {
  readonly success: false;
  readonly message: string;
}

export function apiError(message: string): ApiErrorBody {
  return { success: false, message };
}
