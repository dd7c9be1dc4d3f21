import { createHash, randomUUID } from 'node:crypto';
import { SqlClient } from '@pvs/sql';

/** How many partitions a partitioned worker's keys fall into: fixed, so each key stays in its partition. */
export const PARTITION_COUNT = 32;

/** The partition a key (a tenant id) falls into. */
export function partitionOf(key: string, count = PARTITION_COUNT): number {
  return createHash('sha256').update(key).digest().readUInt32BE(0) % count;
}

export interface PartitionLeasesOptions {
  readonly count?: number;
  /** How long a lease and a membership last unrenewed: a killed process's partitions are taken over after it. */
  readonly leaseMs?: number;
  readonly heartbeatMs?: number;
  /** Called with the partitions this process holds whenever they change; before any is given back. */
  readonly onChange: (held: ReadonlySet<number>) => Promise<void>;
  readonly onError?: (error: unknown) => void;
}

const DEFAULT_LEASE_MS = 3_000;
const DEFAULT_HEARTBEAT_MS = 1_000;

/**
 * Shares a worker's partitions among the processes that run it. Every heartbeat each process renews
 * its membership and its leases, takes free or expired partitions up to its fair share (the partitions
 * divided by the live members, rounded up) and gives back what it holds beyond it, so a process that
 * joins gets its share within two heartbeats. One that stops gives its partitions back at once; one
 * that is killed keeps them until its leases run out. Times are the database's, so clocks may differ.
 * Leases make the work efficient, not safe: two processes may briefly handle one partition (a stalled
 * holder whose lease ran out), so what they do must hold under that (optimistic concurrency does).
 */
export class PartitionLeases {
  readonly member = randomUUID();
  private heldNow: ReadonlySet<number> = new Set();
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: () => void = () => undefined;
  private readonly count: number;
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;

  constructor(
    private readonly sql: SqlClient,
    readonly worker: string,
    private readonly options: PartitionLeasesOptions,
  ) {
    this.count = options.count ?? PARTITION_COUNT;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  }

  get held(): ReadonlySet<number> {
    return this.heldNow;
  }

  /** Resolves after the first heartbeat: this process holds its share of what was free. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.sql.query(
      `INSERT INTO mt_partition_leases (worker, partition) SELECT $1, p FROM generate_series(0, $2::int - 1) AS p ON CONFLICT DO NOTHING`,
      [this.worker, this.count],
    );
    await this.beatSafely();
    this.loop = this.run();
  }

  /** Stops handling, then gives every partition and the membership back, so the others take over at once. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake();
    await this.loop;
    await this.change(new Set());
    await this.sql.query(`UPDATE mt_partition_leases SET owner = NULL, lease_until = '-infinity' WHERE worker = $1 AND owner = $2`, [this.worker, this.member]);
    await this.sql.query(`DELETE FROM mt_partition_members WHERE worker = $1 AND member = $2`, [this.worker, this.member]);
  }

  private async run(): Promise<void> {
    while (this.running) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.heartbeatMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (this.running) await this.beatSafely();
    }
  }

  private async beatSafely(): Promise<void> {
    try {
      await this.beat();
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  private async beat(): Promise<void> {
    const lease = [this.worker, this.member, this.leaseMs] as const;
    const [{ members }] = await this.sql.query<{ members: number }>(
      `WITH renewed AS (
         INSERT INTO mt_partition_members (worker, member, seen_until) VALUES ($1, $2, now() + $3 * interval '1 millisecond')
         ON CONFLICT (worker, member) DO UPDATE SET seen_until = EXCLUDED.seen_until
       ), gone AS (
         DELETE FROM mt_partition_members WHERE worker = $1 AND seen_until < now()
       )
       SELECT 1 + count(*)::int AS members FROM mt_partition_members WHERE worker = $1 AND member <> $2 AND seen_until >= now()`,
      lease,
    );
    const share = Math.ceil(this.count / members);
    const renewed = await this.partitions(
      `UPDATE mt_partition_leases SET lease_until = now() + $3 * interval '1 millisecond' WHERE worker = $1 AND owner = $2 RETURNING partition`,
      lease,
    );
    if (renewed.size > share) {
      const kept = new Set([...renewed].sort((a, b) => a - b).slice(0, share));
      await this.change(kept);
      const given = [...renewed].filter((partition) => !kept.has(partition));
      await this.sql.query(`UPDATE mt_partition_leases SET owner = NULL, lease_until = '-infinity' WHERE worker = $1 AND owner = $2 AND partition = ANY($3::int[])`, [this.worker, this.member, given]);
      return;
    }
    const taken =
      renewed.size < share
        ? await this.partitions(
            `UPDATE mt_partition_leases SET owner = $2, lease_until = now() + $3 * interval '1 millisecond'
             WHERE worker = $1 AND partition IN (
               SELECT partition FROM mt_partition_leases WHERE worker = $1 AND (owner IS NULL OR lease_until < now())
               ORDER BY partition LIMIT $4 FOR UPDATE SKIP LOCKED)
             RETURNING partition`,
            [...lease, share - renewed.size],
          )
        : new Set<number>();
    await this.change(new Set([...renewed, ...taken]));
  }

  private async partitions(text: string, params: readonly unknown[]): Promise<Set<number>> {
    return new Set((await this.sql.query<{ partition: number }>(text, params)).map((row) => row.partition));
  }

  private async change(held: ReadonlySet<number>): Promise<void> {
    if (held.size === this.heldNow.size && [...held].every((partition) => this.heldNow.has(partition))) return;
    this.heldNow = held;
    await this.options.onChange(held);
  }
}
