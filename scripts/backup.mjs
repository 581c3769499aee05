// npm run backup: a copy of the database taken while the server runs, with the data folder's
// secrets beside it. SQLite: SQLite's online backup API (better-sqlite3's db.backup()), which
// copies a consistent snapshot page by page while the server goes on reading and writing, into
// <data folder>/backups/loadout-<UTC time>/ (or the folder given with --to DIR). PostgreSQL: the
// database is the server's to copy; this prints the pg_dump and pg_restore commands to use.
// The folder also gets the data folder's `secret` (signs sign-in tokens) and
// `release-signing-key.pem` (signs agent builds): without them a restored server signs everyone
// out and its agents refuse its updates. They are secrets: the folder is readable by its owner only.
import { chmodSync, copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { runOnPinnedNode } from './pinned-node.mjs';

/** Files of the data folder that belong with a backup (see src/server/config.ts and security/release-key.ts). */
export const DATA_FILES = ['secret', 'release-signing-key.pem'];
export const BACKUP_DATABASE_FILE = 'loadout.db';

/** Where the server keeps its secrets: DATA_DIR, else the SQLite file's folder, else ./data (src/server/data-dir.ts). */
export function dataDirFor(databaseUrl, dataDir = process.env.DATA_DIR) {
  if (dataDir?.trim()) return resolve(dataDir.trim());
  return databaseUrl.startsWith('sqlite:') ? dirname(resolve(databaseUrl.slice('sqlite:'.length))) : resolve('data');
}

/** "20261128-131500": sorts by time, safe in a file name. */
export function stampOf(date) {
  return date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

/** Backs a SQLite database up while it is in use; answers the backup's folder. */
export async function backupSqlite({ databaseUrl, dataDir = dataDirFor(databaseUrl), toDir = join(dataDir, 'backups'), now = new Date() }) {
  const { default: Database } = await import('better-sqlite3');
  const source = resolve(databaseUrl.slice('sqlite:'.length));
  if (!existsSync(source)) throw new Error(`No database at ${source}: nothing to back up.`);
  const folder = join(resolve(toDir), `loadout-${stampOf(now)}`);
  if (existsSync(folder)) throw new Error(`${folder} exists already: not overwritten.`);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  chmodSync(folder, 0o700);
  // Read-only, and waiting out a writer's lock: the server goes on as if nobody were here.
  const db = new Database(source, { readonly: true, timeout: 10_000 });
  try {
    await db.backup(join(folder, BACKUP_DATABASE_FILE));
  } finally {
    db.close();
  }
  chmodSync(join(folder, BACKUP_DATABASE_FILE), 0o600);
  const copied = [];
  for (const name of DATA_FILES) {
    if (!existsSync(join(dataDir, name))) continue;
    copyFileSync(join(dataDir, name), join(folder, name));
    chmodSync(join(folder, name), 0o600);
    copied.push(name);
  }
  return { folder, copied };
}

/** The commands for a PostgreSQL database (the URL's password is left out: use ~/.pgpass or PGPASSWORD). */
export function postgresCommands(databaseUrl, dataDir = dataDirFor(databaseUrl), now = new Date()) {
  const url = new URL(databaseUrl);
  const schema = url.searchParams.get('schema');
  url.searchParams.delete('schema');
  url.password = '';
  const target = url.toString();
  const file = `loadout-${stampOf(now)}.dump`;
  const only = schema ? ` --schema=${schema}` : '';
  return [
    `pg_dump --format=custom${only} --file=${file} '${target}'`,
    `cp ${join(dataDir, 'secret')} ${join(dataDir, 'release-signing-key.pem')} <beside the dump>`,
    '# to restore, with the server stopped:',
    `pg_restore --clean --if-exists --no-owner --dbname='${target}' ${file}`,
  ];
}

async function main() {
  const args = process.argv.slice(2);
  const toIndex = args.indexOf('--to');
  const toDir = toIndex >= 0 ? args[toIndex + 1] : undefined;
  const databaseUrl = process.env.DATABASE_URL ?? 'sqlite:./data/loadout.db';
  if (!databaseUrl.startsWith('sqlite:')) {
    console.log('PostgreSQL: back it up with its own tools (the server may keep running):');
    for (const line of postgresCommands(databaseUrl)) console.log(`  ${line}`);
    return;
  }
  const { folder, copied } = await backupSqlite({ databaseUrl, ...(toDir ? { toDir } : {}) });
  console.log(`Backed up to ${folder} (${[BACKUP_DATABASE_FILE, ...copied].join(', ')}).`);
  console.log(`Restore with the server stopped: npm run restore -- ${folder}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // better-sqlite3 dies of a segmentation fault on Node 20: re-run on the pinned line first.
  await runOnPinnedNode();
  main().catch((error) => {
    console.error(`Backup failed: ${error.message}`);
    process.exitCode = 1;
  });
}
