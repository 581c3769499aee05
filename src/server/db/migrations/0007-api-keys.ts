import type { Kysely, Migration } from 'kysely';

// Personal API keys (premium): stored as the SHA-256 of the key, never the key itself.
export const migration0007ApiKeys: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('api_keys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('last_four', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text')
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('api_keys_user_idx').on('api_keys').column('user_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('api_keys').execute();
  },
};
