import { Migration } from '@pvs/sql';

/** Who holds which partition of a partitioned worker, and which processes run it. */
export const partitionMigrations: readonly Migration[] = [
  {
    id: 'runtime/001-partition-leases',
    sql: `
      CREATE TABLE rt_partition_members (
        worker text NOT NULL,
        member text NOT NULL,
        seen_until timestamptz NOT NULL,
        PRIMARY KEY (worker, member)
      );
      CREATE TABLE rt_partition_leases (
        worker text NOT NULL,
        partition int NOT NULL,
        owner text,
        lease_until timestamptz NOT NULL DEFAULT '-infinity',
        PRIMARY KEY (worker, partition)
      );
    `,
  },
];
