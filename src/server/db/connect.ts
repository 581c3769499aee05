import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Kysely, SqliteDialect } from 'kysely';

import type { DatabaseKind } from './dialect';
import { allowDirectReads } from './precompiled';
import type { Database } from './schema';
import { SchemaScopedPostgresDialect } from './schema-introspector';
import { withStatementCache } from './statement-cache';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** PostgreSQL: the schema our tables live in (migrations must look there only). */
  schema: string | null;
  /**
   * PostgreSQL's connection pool now (for /metrics); null for SQLite, whose one connection is
   * used synchronously: a query never waits for a connection.
   */
  pool: (() => PoolState) | null;
  destroy(): Promise<void>;
}

export interface PoolState {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/**
 * Opens `sqlite:PATH` (WAL, foreign keys on) or `postgres://…`. A postgres URL may carry
 * `?schema=NAME`: every connection then uses that schema (tests isolate runs this way).
 * Only the driver in use is loaded: each costs a few hundred milliseconds of start-up.
 */
export async function connectDatabase(url: string): Promise<DatabaseHandle> {
  if (url.startsWith('sqlite:')) return connectSqlite(url.slice('sqlite:'.length));
  return connectPostgres(url);
}

async function connectSqlite(path: string): Promise<DatabaseHandle> {
  const { default: BetterSqlite3 } = await import('better-sqlite3');
  const inMemory = path === ':memory:';
  if (!inMemory) mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new BetterSqlite3(inMemory ? ':memory:' : resolve(path));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const connection = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) });
  allowDirectReads(db, connection);
  return { db, kind: 'sqlite', schema: null, pool: null, destroy: () => db.destroy() };
}

async function connectPostgres(url: string): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema');
  parsed.searchParams.delete('schema');
  if (schema !== null && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new Error(`DATABASE_URL schema must be a plain lower-case identifier, got "${schema}"`);
  }
  const max = 10;
  const pool = new pg.Pool({
    connectionString: parsed.toString(),
    max,
    connectionTimeoutMillis: 5_000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new SchemaScopedPostgresDialect({ pool }, schema ?? 'public') });
  return {
    db,
    kind: 'postgres',
    schema: schema ?? 'public',
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    destroy: () => db.destroy(),
  };
}
