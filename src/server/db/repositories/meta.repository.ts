import type { Db } from '../schema';

export async function getMeta(db: Db, key: string): Promise<string | null> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

export async function setMeta(db: Db, key: string, value: string, at: string): Promise<void> {
  await db
    .insertInto('meta')
    .values({ key, value, updated_at: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at }))
    .execute();
}
