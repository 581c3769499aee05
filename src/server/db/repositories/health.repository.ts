import type { Kysely } from 'kysely';

import type { Database } from '../schema';

/** A cheap round trip that fails when the database is unreachable. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await db.selectFrom('users').select('id').limit(1).execute();
}
