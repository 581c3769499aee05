import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely, type QueryExecutorProvider, type Transaction } from 'kysely';

import type { Database } from './schema';

/** The few things that differ between SQLite and PostgreSQL live here and only here. */
export type DatabaseKind = 'sqlite' | 'postgres';

/** True when the error is a unique-constraint violation, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code } = error as { code?: unknown };
  // better-sqlite3: SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY; pg: 23505 unique_violation
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** True when a foreign key refused the write (a row it points at is gone, or rows still point at it). */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code } = error as { code?: unknown };
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/** Arbitrary, fixed: the advisory lock that serialises the creation of accounts on PostgreSQL. */
export const ACCOUNT_CREATION_LOCK = 720_301;
/** Arbitrary, fixed: serialises grant/revoke of admin so that the last admin always remains. */
export const ADMIN_CHANGE_LOCK = 720_302;

export function kindOf(db: QueryExecutorProvider): DatabaseKind {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * An integer primary key the database numbers: SQLite's `integer primary key autoincrement`
 * (never reuses the number of a deleted row) and PostgreSQL's identity column (neither does).
 */
export function autoIncrementPrimaryKey(kind: DatabaseKind) {
  return (column: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    kind === 'postgres' ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement();
}

/** Bytes stored in a row: SQLite `blob`, PostgreSQL `bytea`. Both drivers answer a Buffer. */
export function binaryColumnType(kind: DatabaseKind): 'blob' | 'bytea' {
  return kind === 'postgres' ? 'bytea' : 'blob';
}

/**
 * Serialises the callers of one transaction-scoped lock on PostgreSQL. SQLite needs nothing:
 * Kysely runs its transactions on the one connection, one at a time.
 */
export async function advisoryTransactionLock(trx: QueryExecutorProvider, key: number): Promise<void> {
  if (kindOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${key})`.execute(trx);
}

/** `lower(column) like '%text%'` with `%`, `_` and `\` in the text taken literally, on both databases. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Several reads that must agree with each other (a row and its children, from which a status is
 * computed): one snapshot, so a write committed between them cannot show half of itself.
 * PostgreSQL's default READ COMMITTED gives each statement its own snapshot; REPEATABLE READ
 * gives the transaction one. SQLite's transactions are serialisable already.
 */
export function readConsistently<T>(db: Kysely<Database>, read: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().setIsolationLevel('repeatable read').execute(read);
}
