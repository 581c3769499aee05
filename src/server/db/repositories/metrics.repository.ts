import type { Db } from '../schema';

/** Row counts by a status column: what /metrics reports as gauges. Read at scrape time only. */
async function countBy(db: Db, table: 'installation_targets' | 'installation_items' | 'outbox' | 'payments'): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom(table)
    .select(['status'])
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .groupBy('status')
    .execute();
  return new Map(rows.map((row) => [String(row.status), Number(row.count)]));
}

export async function statusCounts(db: Db) {
  const [jobs, items, outbox, payments] = await Promise.all([
    countBy(db, 'installation_targets'),
    countBy(db, 'installation_items'),
    countBy(db, 'outbox'),
    countBy(db, 'payments'),
  ]);
  return { jobs, items, outbox, payments };
}
