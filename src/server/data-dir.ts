import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * Where the server keeps what it generates for itself (the JWT secret, the release key): beside
 * the SQLite file, or ./data with PostgreSQL, so that a first start needs no setup and a restart
 * finds the same values.
 */
export function dataDirOf(databaseUrl: string): string {
  return databaseUrl.startsWith('sqlite:') ? dirname(resolve(databaseUrl.slice('sqlite:'.length))) : resolve('data');
}

/** The file's text, trimmed; null when there is no such file (first start). */
export function readDataFile(dataDir: string, name: string): string | null {
  try {
    return readFileSync(resolve(dataDir, name), 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Written readable by its owner only: these files are secrets. */
export function writePrivateDataFile(dataDir: string, name: string, text: string): void {
  const file = resolve(dataDir, name);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, text, { mode: 0o600 });
  // The mode above applies to a new file only; an older one left behind keeps its own.
  chmodSync(file, 0o600);
}
