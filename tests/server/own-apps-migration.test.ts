import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';

import { connectDatabase, type DatabaseHandle } from '../../src/server/db/connect';
import { migrateToLatest, migrateUpTo } from '../../src/server/db/migrate';
import { createTestDatabase, type TestDatabase } from '../fixtures/test-database';

// Migration 0020 gives apps an owner (own apps) and lets an own app have no category. On SQLite
// that rebuilds the apps table, which must not cost anyone their lists, icons or app ids.
describe('migration 0020: own apps', () => {
  let database: TestDatabase | null = null;
  let handle: DatabaseHandle | null = null;
  afterEach(async () => {
    await handle?.destroy();
    await database?.drop();
    handle = null;
    database = null;
  });

  it("keeps every app and its place in people's lists; then an own app needs no category, may share a catalogue name and goes with its owner", async () => {
    database = await createTestDatabase();
    handle = await connectDatabase(database.url);
    const { db } = handle;
    await migrateUpTo(db, '0019-installation-read-indexes', handle.schema);

    const at = '2026-01-01T00:00:00.000Z';
    const user = (id: string) =>
      db
        .insertInto('users')
        .values({ id, email: `${id}@example.com`, first_name: 'A', last_name: 'B', created_at: at, updated_at: at } as never)
        .execute();
    await user('u1');
    await user('u2');
    const category = await db
      .insertInto('categories')
      .values({ name: 'Tools', created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const app = (name: string) => ({
      name,
      description: `${name} does things.`,
      category_id: category.id,
      website: 'https://example.com',
      file_size_kb: null,
      apt_package: name.toLowerCase(),
      created_at: at,
      updated_at: at,
    });
    const git = (await db.insertInto('apps').values(app('Git')).returning('id').executeTakeFirstOrThrow()).id;
    const gone = (await db.insertInto('apps').values(app('Gone')).returning('id').executeTakeFirstOrThrow()).id;
    await db.deleteFrom('apps').where('id', '=', gone).execute();
    await db
      .insertInto('app_icons')
      .values({ app_id: git, webp: Buffer.from('webp'), sha256: 'ab', created_at: at })
      .execute();
    await db.insertInto('lists').values({ id: 'l1', user_id: 'u1', name: 'Laptop', created_at: at, updated_at: at }).execute();
    await db.insertInto('list_items').values({ list_id: 'l1', app_id: git, position: 0, added_at: at }).execute();

    await migrateToLatest(db, handle.schema);

    expect(await db.selectFrom('apps').select(['id', 'name', 'owner_user_id', 'category_id']).execute()).toEqual([
      { id: git, name: 'Git', owner_user_id: null, category_id: category.id },
    ]);
    expect(await db.selectFrom('list_items').select('app_id').execute()).toEqual([{ app_id: git }]);
    expect(await db.selectFrom('app_icons').select('app_id').execute()).toEqual([{ app_id: git }]);

    const own = (owner: string, name: string) => ({ ...app(name), category_id: null, description: '', website: '', owner_user_id: owner });
    const mine = (await db.insertInto('apps').values(own('u1', 'GIT')).returning('id').executeTakeFirstOrThrow()).id;
    expect(mine).toBeGreaterThan(gone);
    await db.insertInto('apps').values(own('u2', 'git')).execute();
    await db.insertInto('list_items').values({ list_id: 'l1', app_id: mine, position: 1, added_at: at }).execute();
    // Still enforced: unique catalogue names (any case), a catalogue app's category, the cascades.
    await expect(db.insertInto('apps').values(app('gIT')).execute()).rejects.toThrow();
    await expect(
      db
        .insertInto('apps')
        .values({ ...app('Orphan'), category_id: 999 })
        .execute(),
    ).rejects.toThrow();
    await db.deleteFrom('users').where('id', '=', 'u2').execute();
    expect((await db.selectFrom('apps').select('owner_user_id').orderBy('id').execute()).map((row) => row.owner_user_id)).toEqual([
      null,
      'u1',
    ]);
    await db.deleteFrom('apps').where('id', '=', mine).execute();
    expect(await db.selectFrom('list_items').select('app_id').execute()).toEqual([{ app_id: git }]);
    if (handle.kind === 'sqlite') {
      expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)).rows[0]?.foreign_keys).toBe(1);
    }

    // Down again: own apps go (they have no place in the older shape), the catalogue stays.
    await db.insertInto('apps').values(own('u1', 'Mine again')).execute();
    await migrateUpTo(db, '0019-installation-read-indexes', handle.schema);
    expect(await db.selectFrom('apps').select(['id', 'name']).execute()).toEqual([{ id: git, name: 'Git' }]);
    await expect(db.insertInto('apps').values(app('GIT')).execute()).rejects.toThrow();
    await expect(
      db
        .insertInto('apps')
        .values({ ...app('No category'), category_id: null })
        .execute(),
    ).rejects.toThrow();
  });
});
