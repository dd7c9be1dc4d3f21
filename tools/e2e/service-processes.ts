import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { TestResponse } from '@pvs/embedded/testing';
import { requireServiceAddress } from '@pvs/testing';

export type App = 'api-gateway' | 'matcher' | 'projector' | 'notifier' | 'embedded';

/** Builds once per run (incremental), so the processes run what the tests see. */
export function buildOnce(): void {
  execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
}

/**
 * What every app of one distributed service needs: its database, the shared Kafka and Redis (unless `overrides`
 * name others), a Kafka namespace of its own, the admin token and a fresh secrets key.
 */
export function distributedEnv(databaseUrl: string, adminToken: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    KAFKA_BROKERS: requireServiceAddress('kafka'),
    REDIS_URL: requireServiceAddress('redis'),
    KAFKA_NAMESPACE: `e2e-${randomUUID()}.`,
    ADMIN_TOKEN: adminToken,
    SECRETS_KEY: randomBytes(32).toString('base64'),
    ...overrides,
  };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/** One app in its own process, as `npm run start:<app>` runs it. */
export class ServiceProcess {
  private readonly child: ChildProcess;
  private readonly exit: Promise<number | null>;
  output = '';

  constructor(
    readonly app: App,
    env: Record<string, string>,
  ) {
    this.child = spawn(process.execPath, [`dist/apps/${app}/src/main.js`], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exit = once(this.child, 'exit').then(() => this.child.exitCode);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Its exit code once it has exited of itself (a process killed by a signal has none). */
  exited(): Promise<number | null> {
    return this.exit;
  }

  async waitForOutput(text: string, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.output.includes(text)) {
      if (this.child.exitCode !== null) throw new Error(`${this.app} exited ${this.child.exitCode}: ${this.output}`);
      if (Date.now() > deadline) throw new Error(`${this.app} did not print "${text}": ${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** SIGTERM and the exit code, or SIGKILL (a crash) when `crash` is set. */
  async stop(crash = false): Promise<number | null> {
    // A process killed by a signal has no exit code, but a signal code.
    if (this.child.exitCode !== null || this.child.signalCode !== null) return this.child.exitCode;
    this.child.kill(crash ? 'SIGKILL' : 'SIGTERM');
    return this.exit;
  }
}

/** JSON over HTTP to one gateway process. */
export function jsonClient(base: () => string) {
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<TestResponse> => {
    const response = await fetch(`${base()}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, body: await response.json() };
  };
}
