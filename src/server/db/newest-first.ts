import { sql, type SelectQueryBuilder } from 'kysely';

/**
 * The newest `limit` rows first: by `created_at`, and by `id` among rows of the same instant, so
 * that a page reads the same on SQLite and PostgreSQL and twice in a row. For a query on one table
 * that has both columns (timestamps are ISO-8601 text, which sorts as time: docs/patterns.md).
 */
export function newestFirst<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  limit: number,
): SelectQueryBuilder<DB, TB, O> {
  return query.orderBy(sql.ref('created_at'), 'desc').orderBy(sql.ref('id'), 'desc').limit(limit);
}
