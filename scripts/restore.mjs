// npm run restore -- BACKUP: puts a backup made by `npm run backup` back in place of the SQLite
// database of DATABASE_URL (and the secrets saved beside it back into the data folder). BACKUP is
// the backup's folder or its loadout.db. Refused while a server has the database open: stop it
// first. The backup is checked (SQLite's integrity check, and that it is a Loadout database)
// before anything is replaced; the database is written beside the old one and renamed over it.
import { copyFileSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { BACKUP_DATABASE_FILE, DATA_FILES, dataDirFor } from './backup.mjs';
import { runOnPinnedNode } from './pinned-node.mjs';

/**
 * true when another connection has the database open. A server holds it in WAL mode; leaving
 * WAL mode needs every other connection gone, so a try that fails at once says someone is there.
 */
async function inUse(path) {
  if (!existsSync(path)) return false;
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(path, { timeout: 0 });
  try {
    const mode = db.pragma('journal_mode = DELETE', { simple: true });
    if (mode !== 'delete') return true;
    db.pragma('journal_mode = WAL');
    return false;
  } catch (error) {
    if (/locked|busy/i.test(error.message)) return true;
    throw error;
  } finally {
    db.close();
  }
}

export async function restoreSqlite({ from, databaseUrl, dataDir = dataDirFor(databaseUrl) }) {
  const { default: Database } = await import('better-sqlite3');
  const source = statSync(resolve(from)).isDirectory() ? join(resolve(from), BACKUP_DATABASE_FILE) : resolve(from);
  const backupFolder = dirname(source);
  const check = new Database(source, { readonly: true, fileMustExist: true });
  try {
    const integrity = check.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`${source} is damaged (${integrity}); nothing was replaced.`);
    const isLoadout = check.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'").get();
    if (!isLoadout) throw new Error(`${source} is not a Loadout database; nothing was replaced.`);
  } finally {
    check.close();
  }
  const target = resolve(databaseUrl.slice('sqlite:'.length));
  if (await inUse(target)) {
    throw new Error(`A server has ${target} open: stop it, then run the restore again. Nothing was replaced.`);
  }
  const incoming = `${target}.restoring`;
  rmSync(incoming, { force: true });
  const reader = new Database(source, { readonly: true });
  try {
    await reader.backup(incoming);
  } finally {
    reader.close();
  }
  // The old database's WAL belongs to the old file: left there it would be replayed into the new one.
  for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
  renameSync(incoming, target);
  const restored = [];
  for (const name of DATA_FILES) {
    if (!existsSync(join(backupFolder, name))) continue;
    copyFileSync(join(backupFolder, name), join(dataDir, name));
    restored.push(name);
  }
  return { target, restored };
}

async function main() {
  const from = process.argv[2];
  if (!from) throw new Error('Say which backup: npm run restore -- data/backups/loadout-YYYYMMDD-HHMMSS');
  const databaseUrl = process.env.DATABASE_URL ?? 'sqlite:./data/loadout.db';
  if (!databaseUrl.startsWith('sqlite:')) {
    throw new Error('PostgreSQL is restored with pg_restore (npm run backup prints the command), with the server stopped.');
  }
  const { target, restored } = await restoreSqlite({ from, databaseUrl });
  console.log(`Restored ${target}${restored.length ? ` and ${restored.join(', ')}` : ''}. Start the server: npm start`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // better-sqlite3 dies of a segmentation fault on Node 20: re-run on the pinned line first.
  await runOnPinnedNode();
  main().catch((error) => {
    console.error(`Restore failed: ${error.message}`);
    process.exitCode = 1;
  });
}
