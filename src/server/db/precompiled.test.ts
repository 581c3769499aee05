import BetterSqlite3 from 'better-sqlite3';
import { Kysely, sql, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';

import { allowDirectReads, precompiled } from './precompiled';
import type { Db } from './schema';
import { withStatementCache } from './statement-cache';

interface Tables {
  t: { id: number; owner: string; name: string };
}

async function database() {
  const sqlite = new BetterSqlite3(':memory:');
  const prepared: string[] = [];
  const connection = withStatementCache({
    get inTransaction() {
      return sqlite.inTransaction;
    },
    close: () => sqlite.close(),
    prepare: (text: string) => {
      prepared.push(text);
      return sqlite.prepare(text);
    },
  });
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: connection }) });
  allowDirectReads(db, connection);
  await sql`create table t (id integer primary key, owner text, name text)`.execute(db);
  await db
    .insertInto('t')
    .values([
      { id: 1, owner: 'ann', name: 'a' },
      { id: 2, owner: 'ann', name: 'b' },
      { id: 3, owner: 'bob', name: 'c' },
    ])
    .execute();
  // The tables here are not the server's: the helper is typed for them, the SQL is what counts.
  return { db, asDb: db as unknown as Db, prepared };
}

const namesOf = precompiled((db: Db, owner: string, after: number) =>
  (db as unknown as Kysely<Tables>)
    .selectFrom('t')
    .select('name')
    .where('owner', '=', owner)
    .where('id', '>', after)
    .where('name', '!=', 'never')
    .orderBy('id'),
);

describe('precompiled reads', () => {
  it('answers what the built query answers, for any arguments, from one compiled SQL text', async () => {
    const { db, asDb, prepared } = await database();
    expect(await namesOf(asDb, 'ann', 0)).toEqual([{ name: 'a' }, { name: 'b' }]);
    expect(await namesOf(asDb, 'ann', 1)).toEqual([{ name: 'b' }]);
    expect(await namesOf(asDb, 'bob', 0)).toEqual([{ name: 'c' }]);
    expect(await namesOf(asDb, "ann' or 1=1 --", 0)).toEqual([]);
    expect(prepared.filter((text) => text.startsWith('select'))).toHaveLength(1);
    await db.destroy();
  });

  it("sees its own transaction's writes, and never another's before it commits", async () => {
    const { db, asDb } = await database();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('t').values({ id: 4, owner: 'ann', name: 'uncommitted' }).execute();
        expect(await namesOf(trx as unknown as Db, 'ann', 3)).toEqual([{ name: 'uncommitted' }]);
        await held;
        throw new Error('rolled back');
      })
      .catch(() => 'rolled back');
    await new Promise((resolve) => setTimeout(resolve, 10));
    // The transaction is open on the one connection: a read now waits for it instead of reading inside it.
    let seen: unknown = 'not yet';
    const read = namesOf(asDb, 'ann', 3).then((rows) => (seen = rows));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen).toBe('not yet');
    release();
    expect(await transaction).toBe('rolled back');
    await read;
    expect(seen).toEqual([]);
    await db.destroy();
  });

  it('refuses a builder that puts an argument anywhere but a parameter', async () => {
    const { db, asDb } = await database();
    const bad = precompiled((kdb: Db, column: string) =>
      (kdb as unknown as Kysely<Tables>).selectFrom('t').select(sql.ref(column).as('x')).where('owner', '=', 'ann'),
    );
    await expect(bad(asDb, 'name')).rejects.toThrow(/every argument must be a query parameter/);
    await db.destroy();
  });
});
