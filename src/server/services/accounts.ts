import { ErrorCode } from '@shared/api/errors';
import type { User } from '@shared/api/user';
import type { Config } from '../config';
import { countUsers, lockAccountCreation } from '../db/repositories/users.repository';
import type { Db, Flag, UsersTable } from '../db/schema';
import { conflict } from '../errors';

export const emailInUse = () => conflict('An account with this email already exists', ErrorCode.EMAIL_IN_USE);

/** The user as the API shows it (SPEC §3 "User"). */
export function toUser(row: Pick<UsersTable, 'id' | 'first_name' | 'last_name' | 'email' | 'is_email_verified' | 'is_admin'>): User {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    isEmailVerified: row.is_email_verified === 1,
    isAdmin: row.is_admin === 1,
  };
}

/**
 * DESIGN §2: the first account on an empty database is an admin, and so is any address in
 * ADMIN_EMAILS. Call it inside the transaction that inserts the account: it holds the
 * account-creation lock until that transaction ends, so two first sign-ups at once cannot
 * both find the database empty.
 */
export async function adminFlagForNewAccount(db: Db, config: Config, email: string): Promise<Flag> {
  await lockAccountCreation(db);
  if (config.adminEmails.includes(email.toLowerCase())) return 1;
  return (await countUsers(db)) === 0 ? 1 : 0;
}

/** Where a session was started from: X-Device-ID (or the body's deviceId), the user agent and the client's address. */
export interface SessionOrigin {
  deviceId?: string | null;
  userAgent?: string | null;
  /** As Fastify reads it: the socket's address, or X-Forwarded-For's from a trusted proxy (TRUST_PROXY). */
  ip?: string | null;
}
