import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { connectDatabase } from '../../src/server/db/connect';
import { migrateUpTo } from '../../src/server/db/migrate';
import { hashPassword } from '../../src/server/security/passwords';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../fixtures/test-database';
import { loginUser } from './helpers/factories';
import { createTestApp } from './helpers/test-app';

/**
 * The last migration of the previous release: the database an operator upgrading from it has.
 * Move it forward when a release ships (the migrations after it are the ones this test upgrades through).
 */
const PREVIOUS_RELEASE = '0019-installation-read-indexes';

// An operator upgrades: the database the previous release made, with what people had in it
// (an account with a password, a list with an app, an enrolled machine, a finished installation)
// is migrated by the new server at start, which then serves all of it.
describe('upgrading a database made by the previous release', () => {
  const folder = mkdtempSync(join(tmpdir(), 'loadout-upgrade-'));
  let database: TestDatabase;
  afterAll(async () => {
    await database?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('migrates at start and serves the account, its list, its machine and its installation', async () => {
    database =
      testDatabaseKind() === 'sqlite'
        ? { url: `sqlite:${join(folder, 'loadout.db')}`, drop: async () => undefined }
        : await createTestDatabase();
    const old = await connectDatabase(database.url);
    const at = '2026-02-20T10:00:00.000Z';
    const email = 'upgrading@example.com';
    const password = 'an old but good passphrase';
    try {
      const { db } = old;
      await migrateUpTo(db, PREVIOUS_RELEASE, old.schema);
      // Rows as the previous release wrote them: only the columns its tables had.
      await db
        .insertInto('users')
        .values({
          id: 'u-old',
          email,
          password_hash: await hashPassword(password),
          first_name: 'Ada',
          last_name: 'Lovelace',
          career_field: 'Engineering',
          date_of_birth: '1990-05-17',
          receive_emails: 0,
          terms_accepted_at: at,
          is_email_verified: 1,
          is_admin: 0,
          google_sub: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
      const category = await db
        .insertInto('categories')
        .values({ name: 'Tools', created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      const app = await db
        .insertInto('apps')
        .values({
          name: 'Git',
          description: 'Version control.',
          category_id: category.id,
          website: 'https://git-scm.com',
          file_size_kb: null,
          apt_package: 'git',
          created_at: at,
          updated_at: at,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('lists').values({ id: 'l-old', user_id: 'u-old', name: 'Workstation', created_at: at, updated_at: at }).execute();
      await db.insertInto('list_items').values({ list_id: 'l-old', app_id: app.id, position: 0, added_at: at }).execute();
      await db
        .insertInto('devices')
        .values({
          id: 'd-old',
          user_id: 'u-old',
          device_id: 'agent-old-machine',
          device_name: 'Old desktop',
          platform: 'linux',
          device_type: 'desktop',
          registration_method: 'token',
          capabilities: '["apt"]',
          is_active: 1,
          is_admin: 0,
          hardware_fingerprint: null,
          arch: 'x64',
          agent_version: '0.1.0',
          location: null,
          credential_hash: 'f'.repeat(64),
          created_at: at,
          last_active_at: at,
        } as never)
        .execute();
      await db
        .insertInto('installations')
        .values({
          id: 'i-old',
          user_id: 'u-old',
          kind: 'install',
          list_id: 'l-old',
          list_name: 'Workstation',
          idempotency_key: null,
          created_at: at,
          finished_at: at,
        } as never)
        .execute();
      await db
        .insertInto('installation_targets')
        .values({
          id: 't-old',
          installation_id: 'i-old',
          user_id: 'u-old',
          device_row_id: 'd-old',
          status: 'done',
          reason: null,
          created_at: at,
          expires_at: at,
          started_at: at,
          finished_at: at,
        })
        .execute();
      await db
        .insertInto('installation_items')
        .values({
          id: 'it-old',
          target_id: 't-old',
          installation_id: 'i-old',
          position: 0,
          app_id: app.id,
          app_name: 'Git',
          packages: '[{"manager":"apt","id":"git"}]',
          status: 'succeeded',
          manager: 'apt',
          version: '1:2.39.5-0+deb12u2',
          exit_code: 0,
          message: null,
          log: null,
          updated_at: at,
        } as never)
        .execute();
    } finally {
      await old.destroy();
    }

    const t = await createTestApp({ env: { DATABASE_URL: database.url } });
    try {
      const session = await loginUser(t.api, email, password);
      const lists = await t.api.get<{ id: string; name: string }[]>('/api/lists', session.token);
      expect(lists.body.map((list) => list.name)).toEqual(['Workstation']);
      const items = await t.api.get<{ items: { appId?: number; app_id?: number; name?: string }[] }>(
        '/api/lists/l-old/items',
        session.token,
      );
      expect(items.status).toBe(200);
      expect(JSON.stringify(items.body)).toContain('Git');
      const devices = await t.api.get<{ devices: { device_name: string }[] }>('/api/devices', session.token);
      expect(devices.body.devices.map((device) => device.device_name)).toContain('Old desktop');
      const installation = await t.api.get<{ status: string; finishedAt: string | null }>('/api/installations/i-old', session.token);
      expect(installation.status).toBe(200);
      expect(installation.body).toMatchObject({ status: 'succeeded', finishedAt: at });
    } finally {
      await t.close();
    }
  });
});
