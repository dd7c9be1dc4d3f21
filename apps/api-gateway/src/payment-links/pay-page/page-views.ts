import { Inject, Injectable } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import { CLOCK, Clock, GATEWAY_DATABASE, THROTTLER_STORAGE } from '@pvs/runtime';
import { SqlClient } from '@pvs/sql';

const DAY_MS = 86_400_000;

/** How often a link's page was opened: every view, and the addresses that opened it (each once a day). */
export interface LinkOpens {
  readonly views: number;
  readonly visitors: number;
}

/**
 * Counts payers opening links' pages in the gateway's own table: the first step of a link's conversion (opened,
 * submitted, verified). An address is a new visitor when the throttler's storage (shared by every gateway
 * process) has not seen it open that link for a day.
 */
@Injectable()
export class PageViews {
  constructor(
    @Inject(GATEWAY_DATABASE) private readonly sql: SqlClient,
    @Inject(THROTTLER_STORAGE) private readonly storage: ThrottlerStorage,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async opened(linkId: string, address: string): Promise<void> {
    const seen = await this.storage.increment(`pay-opened:${linkId}:${address}`, DAY_MS, Number.MAX_SAFE_INTEGER, 0, 'pay-page');
    const visitor = seen.totalHits === 1 ? 1 : 0;
    await this.sql.query(
      `INSERT INTO gw_payment_link_views (link_id, day, views, visitors) VALUES ($1, $2::date, 1, $3)
       ON CONFLICT (link_id, day) DO UPDATE SET views = gw_payment_link_views.views + 1, visitors = gw_payment_link_views.visitors + excluded.visitors`,
      [linkId, this.clock.now().toISOString().slice(0, 10), visitor],
    );
  }

  /** Each link's opens over its life; a link never opened is absent. */
  async of(linkIds: readonly string[]): Promise<ReadonlyMap<string, LinkOpens>> {
    if (linkIds.length === 0) return new Map();
    const rows = await this.sql.query<{ link_id: string; views: string; visitors: string }>(
      `SELECT link_id::text AS link_id, sum(views) AS views, sum(visitors) AS visitors FROM gw_payment_link_views WHERE link_id = ANY ($1::uuid[]) GROUP BY link_id`,
      [linkIds],
    );
    return new Map(rows.map((row) => [row.link_id, { views: Number(row.views), visitors: Number(row.visitors) }]));
  }
}
