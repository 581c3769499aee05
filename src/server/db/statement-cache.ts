import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Enough for every query the server builds, with room for `in (?, ?, …)` lists of many lengths. */
export const STATEMENTS_KEPT = 500;

/** better-sqlite3 as far as the statement cache and direct reads (precompiled.ts) use it. */
export interface SqliteConnection extends SqliteDatabase {
  /** True between BEGIN and COMMIT/ROLLBACK: a read now would see the open transaction's writes. */
  readonly inTransaction: boolean;
  prepare(sql: string): SqliteStatement & { all(parameters: readonly unknown[]): unknown[] };
}

/**
 * Kysely's SQLite driver prepares every query again (measured: a quarter of an authenticated
 * read's time; see docs/decisions.md#performance-budgets). This keeps the prepared statements of the most recent SQL texts, least recently
 * used out first. Safe because each use of a statement runs to its end synchronously: Kysely runs
 * one query at a time on the one connection and never streams here (a statement being iterated
 * could not run again meanwhile), and direct reads (precompiled.ts) take all rows at once. SQLite
 * re-prepares a kept statement by itself after a schema change.
 */
export function withStatementCache(database: SqliteConnection, kept = STATEMENTS_KEPT): SqliteConnection {
  const statements = new Map<string, ReturnType<SqliteConnection['prepare']>>();
  return {
    get inTransaction() {
      return database.inTransaction;
    },
    close() {
      statements.clear();
      database.close();
    },
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached) {
        // A Map keeps insertion order: moving the entry to the end makes the first one the least recently used.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > kept) statements.delete(statements.keys().next().value as string);
      return statement;
    },
  };
}
