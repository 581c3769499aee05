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
  table_type: string;
  column_name: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  is_identity: 'YES' | 'NO';
}

/**
 * PostgreSQL's introspection, limited to our schema. Kysely's own reads every schema of the
 * database, asking for each column's serial sequence; when another process alters a table of
 * its own schema at that moment (another server on the database, a parallel test's migration),
 * the read fails with that table's error ("column … of relation "apps" does not exist") and the
 * migrator that asked, to see whether its table exists, fails our start. Reading only our
 * schema, from information_schema, never meets another schema's tables.
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
    const { rows } = await sql<ColumnRow>`
      select t.table_name, t.table_type, c.column_name, c.udt_name, c.is_nullable, c.column_default, c.is_identity
      from information_schema.tables t
      join information_schema.columns c on c.table_schema = t.table_schema and c.table_name = t.table_name
      where t.table_schema = ${this.schema}
      order by t.table_name, c.ordinal_position`.execute(this.db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (
        !options.withInternalKyselyTables &&
        (row.table_name === DEFAULT_MIGRATION_TABLE || row.table_name === DEFAULT_MIGRATION_LOCK_TABLE)
      )
        continue;
      let table = tables.get(row.table_name);
      if (!table) {
        table = { name: row.table_name, isView: row.table_type === 'VIEW', schema: this.schema, columns: [] };
        tables.set(row.table_name, table);
      }
      const identity = row.is_identity === 'YES';
      table.columns.push({
        name: row.column_name,
        dataType: row.udt_name,
        isNullable: row.is_nullable === 'YES',
        isAutoIncrementing: identity || (row.column_default?.startsWith('nextval(') ?? false),
        hasDefaultValue: identity || row.column_default !== null,
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
