import { Server, createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import { Metrics } from './metrics';
import { MetricsAccess } from './metrics-access';
import { METRICS_PATH, answerScrape } from './metrics-endpoint';

export interface MetricsServer {
  readonly port: number;
  close(): Promise<void>;
}

const NOT_FOUND = JSON.stringify({ success: false, message: `Only GET ${METRICS_PATH} is served here` });

/** The /metrics endpoint of a process without HTTP API (matcher, projector, notifier): plain node:http. */
export async function startMetricsServer(options: { port: number; host: string; metrics: Metrics; access: MetricsAccess }): Promise<MetricsServer> {
  const logger = new Logger('MetricsServer');
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== METRICS_PATH) {
      response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end(NOT_FOUND);
      return;
    }
    answerScrape(options.metrics, options.access, request.headers.authorization).then(
      (answer) => response.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body),
      (error: unknown) => {
        logger.error(error instanceof Error ? error.stack : String(error));
        response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ success: false, message: 'Internal server error' }));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
