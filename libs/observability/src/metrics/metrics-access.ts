import { createHash, timingSafeEqual } from 'node:crypto';

const sha256 = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/**
 * Who may read /metrics: anyone when no token is set, else `Authorization: Bearer <token>`.
 * Both sides are hashed first, so the comparison takes constant time whatever the lengths.
 */
export class MetricsAccess {
  private readonly tokenHash: Buffer | null;

  constructor(token: string | undefined) {
    this.tokenHash = token ? sha256(token) : null;
  }

  allows(authorization: string | string[] | undefined): boolean {
    if (!this.tokenHash) return true;
    const presented = typeof authorization === 'string' ? /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] : undefined;
    return presented !== undefined && timingSafeEqual(sha256(presented), this.tokenHash);
  }
}
