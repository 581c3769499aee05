import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type PostgresDialectConfig,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

interface ColumnRow {
  table_name: string;
  is_view: boolean;
  column_name: string;
  type_name: string;
  nullable: boolean;
  has_default: boolean;
  is_identity: boolean;
}

/**
 * PostgreSQL's introspection, limited to our schema. Kysely's own reads every schema of the
 * database, asking for each column's serial sequence; when another process alters a table of
 * its own schema at that moment (another server on the database, a parallel test's migration),
 * the read fails with that table's error ("column … of relation "apps" does not exist") and the
 * migrator that asked, to see whether its table exists, fails our start. Reading only our
 * schema's rows of the catalogue never meets another schema's tables.
 */
export class SchemaIntrospector implements DatabaseIntrospector {
  constructor(
    private readonly db: Kysely<unknown>,
    private readonly schema: string,
  ) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{
      name: string;
    }>`select schema_name as name from information_schema.schemata where schema_name = ${this.schema}`.execute(this.db);
    return rows.map((row) => ({ name: row.name }));
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    // pg_catalog, not information_schema: its views check privileges on every relation of every
    // schema, and a test run holds hundreds of schemas.
    const { rows } = await sql<ColumnRow>`
      select c.relname as table_name, c.relkind = 'v' as is_view, a.attname as column_name, t.typname as type_name,
        not a.attnotnull as nullable, a.atthasdef as has_default, a.attidentity <> '' as is_identity
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid
      join pg_catalog.pg_type t on t.oid = a.atttypid
      where n.nspname = ${this.schema} and c.relkind in ('r', 'v', 'p') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (
        !options.withInternalKyselyTables &&
        (row.table_name === DEFAULT_MIGRATION_TABLE || row.table_name === DEFAULT_MIGRATION_LOCK_TABLE)
      )
        continue;
      let table = tables.get(row.table_name);
      if (!table) {
        table = { name: row.table_name, isView: row.is_view, schema: this.schema, columns: [] };
        tables.set(row.table_name, table);
      }
      table.columns.push({
        name: row.column_name,
        dataType: row.type_name,
        isNullable: row.nullable,
        isAutoIncrementing: row.is_identity,
        hasDefaultValue: row.is_identity || row.has_default,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** Kysely's PostgreSQL dialect, introspecting only `schema`. */
export class SchemaScopedPostgresDialect extends PostgresDialect {
  constructor(
    config: PostgresDialectConfig,
    private readonly schema: string,
  ) {
    super(config);
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SchemaIntrospector(db, this.schema);
  }
}
