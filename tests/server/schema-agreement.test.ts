import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { connectDatabase, type DatabaseHandle } from '../../src/server/db/connect';
import { migrateToLatest } from '../../src/server/db/migrate';
import { declaredSchema, type ColumnKind, type DeclaredColumn } from '../fixtures/declared-schema';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../fixtures/test-database';

// The schema has two hand-written truths: the migrations, which make the database, and
// src/server/db/schema.ts, which every query is type-checked against. This test migrates an
// empty database and compares the two, table by table and column by column (its name, whether
// it may be null, and what it holds), on whichever database the suite runs.

interface MigratedColumn {
  kind: ColumnKind | null;
  nullable: boolean;
  dataType: string;
}

/** How each database names the types the migrations use. */
const KIND_OF_TYPE: Readonly<Record<string, ColumnKind>> = {
  text: 'text',
  varchar: 'text',
  timestamptz: 'text',
  integer: 'number',
  int2: 'number',
  int4: 'number',
  int8: 'number',
  bigint: 'number',
  real: 'number',
  float8: 'number',
  numeric: 'number',
  bool: 'boolean',
  boolean: 'boolean',
  blob: 'binary',
  bytea: 'binary',
};

/** Kysely's own bookkeeping, which schema.ts rightly leaves out. */
const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

let database: TestDatabase;
let handle: DatabaseHandle;
let migrated: Map<string, Map<string, MigratedColumn>>;

beforeAll(async () => {
  database = await createTestDatabase();
  handle = await connectDatabase(database.url);
  await migrateToLatest(handle.db, handle.schema);
  migrated = new Map();
  for (const table of await handle.db.introspection.getTables()) {
    if (MIGRATION_TABLES.has(table.name) || (handle.schema && table.schema !== handle.schema)) continue;
    const keys = await primaryKeyOnSqlite(table.name);
    migrated.set(
      table.name,
      new Map(
        table.columns.map((column) => [
          column.name,
          {
            kind: KIND_OF_TYPE[column.dataType.toLowerCase()] ?? null,
            nullable: column.isNullable && !keys.has(column.name),
            dataType: column.dataType,
          },
        ]),
      ),
    );
  }
});

/**
 * SQLite lets a primary key that is not an INTEGER hold NULL (kept for compatibility with its
 * early versions), so it reports such a key as nullable; the app never writes one without its
 * id, and PostgreSQL makes every key NOT NULL. A key counts as never null on both.
 */
async function primaryKeyOnSqlite(table: string): Promise<Set<string>> {
  if (testDatabaseKind() !== 'sqlite') return new Set();
  const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${table}) where pk > 0`.execute(handle.db);
  return new Set(rows.map((row) => row.name));
}

afterAll(async () => {
  await handle.destroy();
  await database.drop();
});

/** Every way the two disagree, one sentence each. */
function disagreements(declared: Map<string, Map<string, DeclaredColumn>>): string[] {
  const found: string[] = [];
  for (const table of new Set([...declared.keys(), ...migrated.keys()])) {
    const inCode = declared.get(table);
    const inDatabase = migrated.get(table);
    if (!inCode || !inDatabase) {
      found.push(
        `table ${table} is ${inCode ? 'declared in schema.ts but made by no migration' : 'made by a migration but not in schema.ts'}`,
      );
      continue;
    }
    for (const column of new Set([...inCode.keys(), ...inDatabase.keys()])) {
      const code = inCode.get(column);
      const made = inDatabase.get(column);
      if (!code || !made) {
        found.push(
          `${table}.${column} is ${code ? 'declared in schema.ts but made by no migration' : 'made by a migration but not in schema.ts'}`,
        );
        continue;
      }
      if (code.nullable !== made.nullable)
        found.push(
          `${table}.${column} is ${made.nullable ? 'nullable' : 'NOT NULL'} in the database, ${code.nullable ? 'nullable' : 'never null'} in schema.ts`,
        );
      if (!holds(code.kinds, made))
        found.push(`${table}.${column} is ${made.dataType} in the database, ${code.kinds.join(' | ')} in schema.ts`);
    }
  }
  return found;
}

function holds(kinds: readonly ColumnKind[], made: MigratedColumn): boolean {
  if (made.kind === null) return false;
  if (kinds.includes(made.kind)) return true;
  // SQLite has no boolean type: a boolean column is an integer there.
  return testDatabaseKind() === 'sqlite' && made.kind === 'number' && kinds.includes('boolean');
}

describe(`schema.ts and the migrations (${testDatabaseKind()})`, () => {
  it('declare the same tables and columns, with the same nullability and kinds', () => {
    const declared = declaredSchema();
    expect(declared.size).toBeGreaterThan(30);
    expect(disagreements(declared)).toEqual([]);
  });

  it('disagree when schema.ts declares a column no migration made, or leaves out one a migration made', () => {
    const withExtra = declaredSchema((text) =>
      text.replace('export interface ListsTable {', 'export interface ListsTable {\n  colour: string;'),
    );
    expect(disagreements(withExtra)).toEqual(['lists.colour is declared in schema.ts but made by no migration']);
    const withoutOne = declaredSchema((text) => text.replace(/^( {2}description: string;\n)/m, ''));
    expect(disagreements(withoutOne)).toContain('apps.description is made by a migration but not in schema.ts');
    const loosened = declaredSchema((text) =>
      text.replace('export interface ListsTable {\n  id: string;', 'export interface ListsTable {\n  id: string | null;'),
    );
    expect(disagreements(loosened)).toEqual(['lists.id is NOT NULL in the database, nullable in schema.ts']);
  });

  // Kysely's own introspection reads every schema of the database and failed our migrator when
  // another schema's table was being altered at that moment (a parallel test's migration).
  it.runIf(testDatabaseKind() === 'postgres')('reads only its own schema, so another schema being migrated cannot fail it', async () => {
    const other = await createTestDatabase();
    const otherHandle = await connectDatabase(other.url);
    try {
      expect(await otherHandle.db.introspection.getTables()).toEqual([]);
      expect((await handle.db.introspection.getTables()).map((table) => table.name)).toContain('apps');
    } finally {
      await otherHandle.destroy();
      await other.drop();
    }
  });
});
