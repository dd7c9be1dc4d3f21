import { createHash, timingSafeEqual } from 'node:crypto';

const sha256 = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/**
 * Who may read /metrics: with a token set, `Authorization: Bearer <token>` (both sides hashed first, so the
 * comparison takes constant time whatever the lengths); without one, anyone when the process listens on a loopback
 * address only, and nobody when it listens where others can reach it (the metrics tell who the tenants are and how
 * much they are paid).
 */
export class MetricsAccess {
  private readonly tokenHash: Buffer | null;

  constructor(
    token: string | undefined,
    private readonly options: { readonly openWithoutToken: boolean },
  ) {
    this.tokenHash = token ? sha256(token) : null;
  }

  allows(authorization: string | string[] | undefined): boolean {
    if (!this.tokenHash) return this.options.openWithoutToken;
    const presented = typeof authorization === 'string' ? /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] : undefined;
    return presented !== undefined && timingSafeEqual(sha256(presented), this.tokenHash);
  }

  /** Why a scrape was refused. */
  refusal(): string {
    return this.tokenHash ? 'Missing or invalid metrics token' : 'Metrics are not served on a public address without METRICS_TOKEN';
  }
}
