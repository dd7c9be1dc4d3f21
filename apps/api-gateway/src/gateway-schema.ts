import { Migration } from '@pvs/sql';

/**
 * The gateway's own tables, which no other project writes or reads: how often payers opened each payment link's page
 * (`gw_payment_link_views`; page views are no facts of the log). The gateway runs these itself at boot.
 */
export const gatewayMigrations: readonly Migration[] = [
  {
    id: 'gateway/001-payment-link-views',
    sql: `
      CREATE TABLE gw_payment_link_views (
        link_id uuid NOT NULL,
        day date NOT NULL,
        views integer NOT NULL,
        -- client addresses seen opening it that day for the first time in 24 hours
        visitors integer NOT NULL,
        PRIMARY KEY (link_id, day)
      );
    `,
  },
];
