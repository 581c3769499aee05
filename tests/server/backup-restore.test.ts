import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ListSummary } from '@shared/api/lists';

import { backupSqlite, postgresCommands } from '../../scripts/backup.mjs';
import { restoreSqlite } from '../../scripts/restore.mjs';
import { testDatabaseKind } from '../fixtures/test-database';
import { loginUser, registerUser } from './helpers/factories';
import { listsOf } from './helpers/lists';
import { createTestApp } from './helpers/test-app';

describe.runIf(testDatabaseKind() === 'sqlite')('npm run backup and npm run restore (SQLite)', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'loadout-backup-'));
  });
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('backs a live database up, refuses to restore over it while the server runs, and a fresh place serves the same account and lists', async () => {
    const liveDir = join(root, 'live');
    mkdirSync(liveDir);
    writeFileSync(join(liveDir, 'secret'), 'the-data-folder-secret-of-this-server');
    const liveUrl = `sqlite:${join(liveDir, 'loadout.db')}`;
    const live = await createTestApp({ env: { DATABASE_URL: liveUrl } });
    let email: string;
    let password: string;
    try {
      const user = await registerUser(live.api);
      ({ email, password } = user);
      const list = await listsOf(live, user.token).create('Kept by the backup');
      expect(list.status).toBe(201);

      // Taken while the server answers.
      const { folder, copied } = await backupSqlite({ databaseUrl: liveUrl, now: new Date('2026-11-28T13:15:00Z') });
      expect(folder).toBe(join(liveDir, 'backups', 'loadout-20261128-131500'));
      expect(copied).toEqual(['secret']);
      expect(statSync(join(folder, 'secret')).mode & 0o777).toBe(0o600);
      expect(statSync(folder).mode & 0o777).toBe(0o700);
      expect((await listsOf(live, user.token).rename(list.body.id, 'Made after the backup')).status).toBe(200);

      await expect(restoreSqlite({ from: folder, databaseUrl: liveUrl })).rejects.toThrow(/A server has .* open: stop it/);
      expect((await listsOf(live, user.token).all()).body.map((list) => list.name)).toContain('Made after the backup');

      const freshDir = join(root, 'fresh');
      mkdirSync(freshDir);
      const freshUrl = `sqlite:${join(freshDir, 'loadout.db')}`;
      const { restored } = await restoreSqlite({ from: folder, databaseUrl: freshUrl });
      expect(restored).toEqual(['secret']);
      expect(readFileSync(join(freshDir, 'secret'), 'utf8')).toBe('the-data-folder-secret-of-this-server');
    } finally {
      await live.close();
    }

    const fresh = await createTestApp({ env: { DATABASE_URL: `sqlite:${join(root, 'fresh', 'loadout.db')}` } });
    try {
      const session = await loginUser(fresh.api, email, password);
      const lists = (await fresh.api.get<ListSummary[]>('/api/lists', session.token)).body.map((list) => list.name);
      expect(lists).toEqual(['Kept by the backup']);
    } finally {
      await fresh.close();
    }
  });

  it('restores over a stopped database, and refuses a file that is not a Loadout database', async () => {
    const dir = join(root, 'stopped');
    mkdirSync(dir);
    const url = `sqlite:${join(dir, 'loadout.db')}`;
    const app = await createTestApp({ env: { DATABASE_URL: url } });
    const user = await registerUser(app.api);
    const list = await listsOf(app, user.token).create('Before');
    const { folder } = await backupSqlite({ databaseUrl: url, toDir: join(root, 'elsewhere') });
    expect((await listsOf(app, user.token).rename(list.body.id, 'After')).status).toBe(200);
    await app.close();

    const stranger = join(root, 'not-loadout.db');
    writeFileSync(stranger, '');
    await expect(restoreSqlite({ from: stranger, databaseUrl: url })).rejects.toThrow(/not a Loadout database/);

    await restoreSqlite({ from: join(folder, 'loadout.db'), databaseUrl: url });
    expect(existsSync(`${join(dir, 'loadout.db')}-wal`)).toBe(false);
    const again = await createTestApp({ env: { DATABASE_URL: url } });
    try {
      const session = await loginUser(again.api, user.email, user.password);
      expect((await again.api.get<ListSummary[]>('/api/lists', session.token)).body.map((list) => list.name)).toEqual(['Before']);
    } finally {
      await again.close();
    }
  });
});

describe('npm run backup on PostgreSQL', () => {
  it("prints pg_dump and pg_restore for the URL's database and schema, without its password", () => {
    const lines = postgresCommands(
      'postgres://loadout:hunter2@db.example:5432/loadout?schema=tenant_a',
      '/srv/loadout/data',
      new Date('2026-11-28T13:15:00Z'),
    );
    expect(lines[0]).toBe(
      "pg_dump --format=custom --schema=tenant_a --file=loadout-20261128-131500.dump 'postgres://loadout@db.example:5432/loadout'",
    );
    expect(lines.join('\n')).toContain('/srv/loadout/data/secret');
    expect(lines.join('\n')).toContain('/srv/loadout/data/release-signing-key.pem');
    expect(lines.at(-1)).toContain('pg_restore --clean --if-exists --no-owner');
    expect(lines.join('\n')).not.toContain('hunter2');
  });
});
