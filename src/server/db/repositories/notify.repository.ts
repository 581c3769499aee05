import { sql } from 'kysely';

import type { Db } from '../schema';

/** PostgreSQL NOTIFY on `db`'s connection: inside a transaction it is sent at commit, never on rollback. */
export async function notifyAtCommit(db: Db, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}
