import { PostgresAdapter, sql, type Transaction, type Updateable } from 'kysely';

import type { AuthChanges } from '../auth-changes';
import { ACCOUNT_CREATION_LOCK, ADMIN_CHANGE_LOCK, advisoryTransactionLock, containsPattern } from '../dialect';
import type { Database, Db, UsersTable } from '../schema';

export function findUserById(db: Db, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function findUserByGoogleSub(db: Db, sub: string) {
  return db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
}

export async function insertUser(db: Db, user: UsersTable): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function updateUser(db: Db, auth: AuthChanges, id: string, changes: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
  await auth.changed(db, { userId: id });
}

export async function deleteUser(db: Db, auth: AuthChanges, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
  await auth.changed(db, { userId: id });
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Grants admin to the accounts whose e-mail is in the list. */
export async function promoteAdmins(db: Db, auth: AuthChanges, emails: string[], at: string): Promise<void> {
  if (emails.length === 0) return;
  await db.updateTable('users').set({ is_admin: 1, updated_at: at }).where('email', 'in', emails).where('is_admin', '=', 0).execute();
  await auth.changed(db, { everyone: true });
}

/**
 * Serialises account creation until the surrounding transaction ends, so that "is this the
 * first account?" has one answer. SQLite already runs one writer at a time; PostgreSQL
 * needs a transaction-scoped advisory lock.
 */
export async function lockAccountCreation(db: Db): Promise<void> {
  if (db.isTransaction && db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select pg_advisory_xact_lock(${ACCOUNT_CREATION_LOCK})`.execute(db);
  }
}

/** The admin console's user list: search by e-mail or name, newest first, with plan and list count. */
export async function searchUsers(db: Db, search: string | undefined, limit: number) {
  const pattern = search ? containsPattern(search) : null;
  const base = db
    .selectFrom('users')
    .$if(pattern !== null, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb(sql`lower(users.email)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(users.first_name || ' ' || users.last_name)`, 'like', sql`${pattern} escape '\\'`),
        ]),
      ),
    );
  const rows = await base
    .leftJoin('subscriptions', 'subscriptions.user_id', 'users.id')
    .select([
      'users.id',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.is_admin',
      'users.is_email_verified',
      'users.created_at',
      'subscriptions.plan',
      (eb) =>
        eb
          .selectFrom('lists')
          .select(eb.fn.countAll<string | number>().as('n'))
          .whereRef('lists.user_id', '=', 'users.id')
          .as('list_count'),
    ])
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id', 'desc')
    .limit(limit)
    .execute();
  const total = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  return { rows: rows.map((row) => ({ ...row, list_count: Number(row.list_count ?? 0) })), total: Number(total.n) };
}

export async function countAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('is_admin', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Holds the admin-change lock until the transaction ends: two revokes at once cannot remove the last admin. */
export async function lockAdminChanges(trx: Transaction<Database>): Promise<void> {
  await advisoryTransactionLock(trx, ADMIN_CHANGE_LOCK);
}
