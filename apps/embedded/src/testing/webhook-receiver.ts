import { IncomingHttpHeaders, Server, createServer } from 'node:http';
import { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  readonly headers: IncomingHttpHeaders;
  readonly rawBody: string;
  readonly receivedAt: number;
}

/** How the receiver answers the next request: a status, or never (to test timeouts). */
export type Answer = { status: number; headers?: Record<string, string> } | 'hang';

/** A real merchant endpoint on 127.0.0.1 that records every request it gets. */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private answers: Answer[] = [];
  private server: Server | null = null;
  private hanging = new Set<() => void>();
  private arrivalListeners: ((webhook: ReceivedWebhook) => void)[] = [];
  port = 0;

  /** Calls `listener` with each request as it arrives, before it is answered (a merchant reading the status on receipt). */
  onArrival(listener: (webhook: ReceivedWebhook) => void): void {
    this.arrivalListeners.push(listener);
  }

  /** Answers to give, in order; once used up, every request gets 200. */
  answerWith(...answers: Answer[]): void {
    this.answers = answers;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/webhooks`;
  }

  async start(port = 0): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const webhook = { headers: request.headers, rawBody: Buffer.concat(chunks).toString('utf8'), receivedAt: Date.now() };
        this.received.push(webhook);
        for (const listener of this.arrivalListeners) listener(webhook);
        const answer = this.answers.shift() ?? { status: 200 };
        if (answer === 'hang') {
          this.hanging.add(() => response.destroy());
          return;
        }
        response.writeHead(answer.status, answer.headers).end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    for (const release of this.hanging) release();
    this.hanging.clear();
    await new Promise<void>((resolve) => {
      this.server?.closeAllConnections();
      this.server?.close(() => resolve());
    });
  }

  /** Waits until `count` requests came in (or fails after `timeoutMs`). */
  async waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedWebhook[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} webhooks, got ${this.received.length}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return this.received;
  }
}
