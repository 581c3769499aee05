import type { Kysely } from 'kysely';

import type { Database, OutboxTable } from '../schema';

export async function insertOutboxMail(db: Kysely<Database>, mail: OutboxTable): Promise<void> {
  await db.insertInto('outbox').values(mail).execute();
}

export async function markOutboxMail(db: Kysely<Database>, id: string, status: OutboxTable['status'], error: string | null): Promise<void> {
  await db.updateTable('outbox').set({ status, error }).where('id', '=', id).execute();
}

export function listOutboxFor(db: Kysely<Database>, toAddress: string) {
  return db.selectFrom('outbox').selectAll().where('to_address', '=', toAddress).orderBy('created_at', 'desc').execute();
}
