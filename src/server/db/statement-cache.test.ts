import BetterSqlite3 from 'better-sqlite3';
import { Kysely, sql, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';

import { withStatementCache } from './statement-cache';

function counted() {
  const sqlite = new BetterSqlite3(':memory:');
  const prepared: string[] = [];
  const database = {
    get inTransaction() {
      return sqlite.inTransaction;
    },
    close: () => sqlite.close(),
    prepare: (text: string) => {
      prepared.push(text);
      return sqlite.prepare(text);
    },
  };
  return { sqlite, prepared, database };
}

describe('the SQLite statement cache', () => {
  it('prepares a query once and runs it again with other values', async () => {
    const { prepared, database } = counted();
    const db = new Kysely<{ t: { id: number; name: string } }>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
    await sql`create table t (id integer primary key, name text)`.execute(db);
    for (const [id, name] of [
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ] as const)
      await db.insertInto('t').values({ id, name }).execute();
    expect(await db.selectFrom('t').select('name').where('id', '=', 2).executeTakeFirst()).toEqual({ name: 'b' });
    expect(await db.selectFrom('t').select('name').where('id', '=', 3).executeTakeFirst()).toEqual({ name: 'c' });
    expect(prepared.filter((text) => text.startsWith('insert'))).toHaveLength(1);
    expect(prepared.filter((text) => text.startsWith('select'))).toHaveLength(1);
    await db.destroy();
  });

  it('keeps only the most recently used statements', () => {
    const { prepared, database } = counted();
    const cache = withStatementCache(database, 2);
    cache.prepare('select 1');
    cache.prepare('select 2');
    cache.prepare('select 1'); // used again: now "select 2" is the oldest
    cache.prepare('select 3'); // evicts "select 2"
    cache.prepare('select 1');
    cache.prepare('select 2');
    expect(prepared).toEqual(['select 1', 'select 2', 'select 3', 'select 2']);
    cache.close();
  });

  it('sees a table changed after a statement was kept', async () => {
    const { database } = counted();
    const db = new Kysely<{ t: { id: number; extra?: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(database) }),
    });
    await sql`create table t (id integer primary key)`.execute(db);
    await db.insertInto('t').values({ id: 1 }).execute();
    expect(await db.selectFrom('t').selectAll().execute()).toEqual([{ id: 1 }]);
    await sql`alter table t add column extra text default 'x'`.execute(db);
    expect(await db.selectFrom('t').selectAll().execute()).toEqual([{ id: 1, extra: 'x' }]);
    await db.destroy();
  });
});
