/** The few things that differ between SQLite and PostgreSQL live here and only here. */
export type DatabaseKind = 'sqlite' | 'postgres';

/** True when the error is a unique-constraint violation, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code } = error as { code?: unknown };
  // better-sqlite3: SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY; pg: 23505 unique_violation
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** Arbitrary, fixed: the advisory lock that serialises the creation of accounts on PostgreSQL. */
export const ACCOUNT_CREATION_LOCK = 720_301;
