import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';

import { connectDatabase, type DatabaseHandle } from '../../src/server/db/connect';
import { migrateToLatest, migrateUpTo } from '../../src/server/db/migrate';
import { createTestDatabase, type TestDatabase } from '../fixtures/test-database';

// Migration 0018 lets an app's size be unknown. On SQLite that rebuilds the apps table, which
// must not cost anyone their lists, icons or app ids.
describe('migration 0018: an app size may be unknown', () => {
  let database: TestDatabase | null = null;
  let handle: DatabaseHandle | null = null;
  afterEach(async () => {
    await handle?.destroy();
    await database?.drop();
    handle = null;
    database = null;
  });

  it("keeps every app, its icon and its place in people's lists, and then takes a null size", async () => {
    database = await createTestDatabase();
    handle = await connectDatabase(database.url);
    const { db } = handle;
    await migrateUpTo(db, '0017-notification-subjects', handle.schema);

    const at = '2026-01-01T00:00:00.000Z';
    await db
      .insertInto('users')
      .values({ id: 'u1', email: 'a@example.com', first_name: 'A', last_name: 'B', created_at: at, updated_at: at } as never)
      .execute();
    const category = await db
      .insertInto('categories')
      .values({ name: 'Tools', created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const app = (name: string, size: number) => ({
      name,
      description: `${name} does things.`,
      category_id: category.id,
      website: 'https://example.com',
      file_size_kb: size,
      apt_package: name.toLowerCase(),
      created_at: at,
      updated_at: at,
    });
    const ids: number[] = [];
    for (const [name, size] of [
      ['Git', 300_000],
      ['Chrome', 350_000],
      ['Gone', 1],
    ] as const) {
      ids.push((await db.insertInto('apps').values(app(name, size)).returning('id').executeTakeFirstOrThrow()).id);
    }
    const [git, chrome, gone] = ids as [number, number, number];
    // The highest id is deleted before the migration: its number must not come back afterwards.
    await db.deleteFrom('apps').where('id', '=', gone).execute();
    await db
      .insertInto('app_icons')
      .values({ app_id: git, webp: Buffer.from('webp'), sha256: 'ab', created_at: at })
      .execute();
    await db.insertInto('lists').values({ id: 'l1', user_id: 'u1', name: 'Laptop', created_at: at, updated_at: at }).execute();
    await db
      .insertInto('list_items')
      .values([
        { list_id: 'l1', app_id: git, position: 0, added_at: at },
        { list_id: 'l1', app_id: chrome, position: 1, added_at: at },
      ])
      .execute();

    await migrateToLatest(db, handle.schema);

    expect(await db.selectFrom('apps').select(['id', 'name', 'file_size_kb', 'apt_package']).orderBy('id').execute()).toEqual([
      { id: git, name: 'Git', file_size_kb: 300_000, apt_package: 'git' },
      { id: chrome, name: 'Chrome', file_size_kb: 350_000, apt_package: 'chrome' },
    ]);
    expect(await db.selectFrom('list_items').select(['app_id', 'position']).orderBy('position').execute()).toEqual([
      { app_id: git, position: 0 },
      { app_id: chrome, position: 1 },
    ]);
    expect((await db.selectFrom('app_icons').select('app_id').execute()).map((row) => row.app_id)).toEqual([git]);

    await db.updateTable('apps').set({ file_size_kb: null }).where('id', '=', chrome).execute();
    expect((await db.selectFrom('apps').select('file_size_kb').where('id', '=', chrome).executeTakeFirstOrThrow()).file_size_kb).toBeNull();

    // Still enforced after the rebuild: unique names (any case), the category, cascades to lists and icons.
    await expect(db.insertInto('apps').values(app('GIT', 1)).execute()).rejects.toThrow();
    await expect(
      db
        .insertInto('apps')
        .values({ ...app('Orphan', 1), category_id: 999 })
        .execute(),
    ).rejects.toThrow();
    const next = (await db.insertInto('apps').values(app('New', 5)).returning('id').executeTakeFirstOrThrow()).id;
    expect(next).toBeGreaterThan(gone);
    await db.deleteFrom('apps').where('id', '=', git).execute();
    expect(await db.selectFrom('list_items').select('app_id').execute()).toEqual([{ app_id: chrome }]);
    expect(await db.selectFrom('app_icons').select('app_id').execute()).toEqual([]);
    if (handle.kind === 'sqlite') {
      expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)).rows[0]?.foreign_keys).toBe(1);
    }
  });
});
