import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Enough for every query the server builds, with room for `in (?, ?, …)` lists of many lengths. */
export const STATEMENTS_KEPT = 500;

/**
 * Kysely's SQLite driver prepares every query again (issue 13: a quarter of an authenticated
 * read's time). This keeps the prepared statements of the most recent SQL texts, least recently
 * used out first. Safe because Kysely runs one query at a time on the one connection and never
 * streams here (a statement being iterated could not run again meanwhile); SQLite re-prepares a
 * kept statement by itself after a schema change.
 */
export function withStatementCache(database: SqliteDatabase, kept = STATEMENTS_KEPT): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
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
