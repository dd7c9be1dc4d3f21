import { Metrics } from './metrics';
import { MetricsAccess } from './metrics-access';

/** Where every process serves its metrics: the gateway on its own port, workers on METRICS_PORT. */
export const METRICS_PATH = '/metrics';

export interface ScrapeAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

/** The answer to `GET /metrics`: the exposition, or 401 `{success:false, message}` without the token. */
export async function answerScrape(metrics: Metrics, access: MetricsAccess, authorization: string | string[] | undefined): Promise<ScrapeAnswer> {
  if (!access.allows(authorization)) {
    return { status: 401, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ success: false, message: access.refusal() }) };
  }
  return { status: 200, contentType: metrics.contentType, body: await metrics.exposition() };
}
