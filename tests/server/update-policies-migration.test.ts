import { afterEach, describe, expect, it } from 'vitest';

import { connectDatabase, type DatabaseHandle } from '../../src/server/db/connect';
import { migrateToLatest, migrateUpTo } from '../../src/server/db/migrate';
import { createTestDatabase, type TestDatabase } from '../fixtures/test-database';

// Migration 0035 turns every update schedule into the update policy it was: a device's or a
// list's, its time, zone and cadence, on or off, and its window (or, without one, updates that
// wait for a machine until the next window). Nobody's schedule may be lost or change meaning.
describe('migration 0035: update schedules become update policies', () => {
  let database: TestDatabase | null = null;
  let handle: DatabaseHandle | null = null;
  afterEach(async () => {
    await handle?.destroy();
    await database?.drop();
    handle = null;
    database = null;
  });

  it('keeps each schedule as a policy with the same target, timing, window and state', async () => {
    database = await createTestDatabase();
    handle = await connectDatabase(database.url);
    const { db } = handle;
    await migrateUpTo(db, '0034-held-updates', handle.schema);

    const at = '2026-01-01T00:00:00.000Z';
    await db
      .insertInto('users')
      .values({ id: 'u1', email: 'u1@example.com', first_name: 'A', last_name: 'B', created_at: at, updated_at: at } as never)
      .execute();
    await db
      .insertInto('devices')
      .values({
        id: 'row1',
        user_id: 'u1',
        device_id: 'dev_laptop',
        device_name: 'Laptop',
        platform: 'linux',
        device_type: 'remote',
        registration_method: 'token',
        capabilities: '[]',
        is_active: 1,
        is_admin: 0,
        created_at: at,
      } as never)
      .execute();
    await db.insertInto('lists').values({ id: 'l1', user_id: 'u1', name: 'Nightly', created_at: at, updated_at: at }).execute();
    await db.insertInto('lists').values({ id: 'l2', user_id: 'u1', name: 'Paused', created_at: at, updated_at: at }).execute();
    const schedule = (id: string, target: { device_row_id?: string; list_id?: string }, fields: Record<string, unknown>) =>
      db
        .insertInto('update_schedules' as never)
        .values({
          id,
          user_id: 'u1',
          device_row_id: null,
          list_id: null,
          ...target,
          cadence: 'daily',
          weekday: null,
          time: '03:00',
          time_zone: 'Europe/Berlin',
          window_minutes: null,
          enabled: 1,
          next_run_at: '2026-01-02T02:00:00.000Z',
          last_run_at: null,
          created_at: at,
          updated_at: at,
          ...fields,
        })
        .execute();
    await schedule('s-device', { device_row_id: 'row1' }, { cadence: 'weekly', weekday: 6, time: '22:30', window_minutes: 90 });
    await schedule('s-list', { list_id: 'l1' }, { last_run_at: '2026-01-01T02:00:00.000Z' });
    await schedule('s-off', { list_id: 'l2' }, { enabled: 0, time_zone: 'UTC' });

    await migrateToLatest(db, handle.schema);

    const policies = await db
      .selectFrom('update_policies')
      .select([
        'id',
        'device_row_id',
        'group_id',
        'list_id',
        'mode',
        'cadence',
        'weekday',
        'time',
        'time_zone',
        'window_minutes',
        'offline',
        'last_run_at',
      ])
      .orderBy('id')
      .execute();
    expect(policies).toEqual([
      {
        id: 's-device',
        device_row_id: 'row1',
        group_id: null,
        list_id: null,
        mode: 'all',
        cadence: 'weekly',
        weekday: 6,
        time: '22:30',
        time_zone: 'Europe/Berlin',
        // A window: a machine that missed it waited for the next run, as it does now.
        window_minutes: 90,
        offline: 'next-window',
        last_run_at: null,
      },
      {
        id: 's-list',
        device_row_id: null,
        group_id: null,
        list_id: 'l1',
        mode: 'all',
        cadence: 'daily',
        weekday: null,
        time: '03:00',
        time_zone: 'Europe/Berlin',
        // No window: its updates waited for a machine until the next run, as they do now.
        window_minutes: 120,
        offline: 'next-connection',
        last_run_at: '2026-01-01T02:00:00.000Z',
      },
      {
        id: 's-off',
        device_row_id: null,
        group_id: null,
        list_id: 'l2',
        mode: 'off',
        cadence: 'daily',
        weekday: null,
        time: '03:00',
        time_zone: 'UTC',
        window_minutes: 120,
        offline: 'next-connection',
        last_run_at: null,
      },
    ]);
    // The old table is gone; the cascades still hold (a list deleted takes its policy).
    await db.deleteFrom('lists').where('id', '=', 'l2').execute();
    expect((await db.selectFrom('update_policies').select('id').orderBy('id').execute()).map((row) => row.id)).toEqual([
      's-device',
      's-list',
    ]);
    // One account policy per account.
    const account = {
      user_id: 'u1',
      mode: 'all',
      cadence: 'daily',
      time: '01:00',
      time_zone: 'UTC',
      window_minutes: 60,
      offline: 'next-window',
      rings: null,
      soak_hours: 24,
      failure_threshold: 20,
      created_at: at,
      updated_at: at,
    } as const;
    await db
      .insertInto('update_policies')
      .values({ ...account, id: 'a1' })
      .execute();
    await expect(
      db
        .insertInto('update_policies')
        .values({ ...account, id: 'a2' })
        .execute(),
    ).rejects.toThrow();
  });
});
