import type { z } from 'zod';

import {
  EMAIL_CHANGE_PASSWORD_MESSAGE,
  type AccountResponse,
  type updateAccountRequestSchema,
  type UpdateAccountResponse,
} from '@shared/api/account';
import { ErrorCode } from '@shared/api/errors';
import type { User } from '@shared/api/user';

import type { Config } from '../config';
import { isoNow, type AppContext } from '../context';
import { agentDeviceRowIds } from '../db/repositories/devices.repository';
import { invalidateEmailTokens } from '../db/repositories/email-tokens.repository';
import { revokeUserSessions } from '../db/repositories/sessions.repository';
import { countUsers, deleteUser, findUserById, lockAccountCreation, updateUser } from '../db/repositories/users.repository';
import type { Db, Flag, UsersTable } from '../db/schema';
import { AppError, conflict, notFound } from '../errors';
import { assertAcceptablePassword } from '../security/password-policy';
import { hashPassword, verifyPassword } from '../security/passwords';
import type { RateLimiter } from '../security/rate-limiter';
import type { EmailChangeService } from './email-change.service';

type UpdateAccountInput = z.output<typeof updateAccountRequestSchema>;

export const emailInUse = () => conflict('An account with this email already exists', ErrorCode.EMAIL_IN_USE);

/** The user as the API shows it: the one mapping from a users row. */
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
 * The first account on an empty database is an admin, and so is any address in
 * ADMIN_EMAILS. Call it inside the transaction that inserts the account: it holds the
 * account-creation lock until that transaction ends, so two first sign-ups at once cannot
 * both find the database empty.
 */
export async function adminFlagForNewAccount(db: Db, config: Config, email: string): Promise<Flag> {
  await lockAccountCreation(db);
  if (config.adminEmails.includes(email.toLowerCase())) return 1;
  return (await countUsers(db)) === 0 ? 1 : 0;
}

/** The signed-in user's own account: read, change, delete. Every call is scoped to that user. */
export class AccountService {
  constructor(
    private readonly ctx: AppContext,
    private readonly rateLimiter: RateLimiter,
    private readonly emailChange: EmailChangeService,
  ) {}

  async get(userId: string): Promise<AccountResponse> {
    const user = await this.load(userId);
    return {
      ...toUser(user),
      careerField: user.career_field,
      dateOfBirth: user.date_of_birth,
      receiveEmails: user.receive_emails === 1,
      createdAt: user.created_at,
    };
  }

  /**
   * Names change at once. A new password or a new address needs the current password: a stolen
   * access token alone cannot take the account over. A new password signs out every other
   * session; a new address is mailed a confirmation link and becomes the account's when it is
   * opened (EmailChangeService), so this answer says nothing about who owns that address.
   */
  async update(userId: string, sessionId: string, input: UpdateAccountInput): Promise<UpdateAccountResponse> {
    const user = await this.load(userId);
    const emailChanging = input.email !== user.email;
    if (emailChanging && !input.currentPassword) {
      throw new AppError(400, ErrorCode.CURRENT_PASSWORD_REQUIRED, EMAIL_CHANGE_PASSWORD_MESSAGE, {
        currentPassword: EMAIL_CHANGE_PASSWORD_MESSAGE,
      });
    }
    if (emailChanging || input.newPassword) await this.assertCurrentPassword(user, input.currentPassword ?? '');
    let passwordHash: string | null = null;
    if (input.newPassword) {
      await assertAcceptablePassword(
        input.newPassword,
        { email: user.email, firstName: input.firstName, lastName: input.lastName },
        'newPassword',
      );
      passwordHash = await hashPassword(input.newPassword);
    }

    const now = isoNow(this.ctx.clock);
    const updated: UsersTable = {
      ...user,
      first_name: input.firstName,
      last_name: input.lastName,
      password_hash: passwordHash ?? user.password_hash,
      updated_at: now,
    };
    const mail = await this.ctx.db.transaction().execute(async (trx) => {
      await updateUser(trx, this.ctx.authCache, user.id, {
        first_name: updated.first_name,
        last_name: updated.last_name,
        password_hash: updated.password_hash,
        updated_at: now,
      });
      if (passwordHash) {
        await revokeUserSessions(trx, this.ctx.authCache, user.id, now, 'password_changed', sessionId);
        await invalidateEmailTokens(trx, user.id, 'reset', now);
      }
      return emailChanging ? this.emailChange.request(trx, updated, input.email) : null;
    });
    if (mail) await this.ctx.mailer.send(mail);
    return {
      success: true,
      pendingEmail: emailChanging ? input.email : null,
      passwordChanged: passwordHash !== null,
      user: toUser(updated),
    };
  }

  /** Deletes the account and, by cascade, everything that belongs to it. */
  async delete(userId: string, password: string): Promise<void> {
    const user = await this.load(userId);
    if (!user.password_hash) {
      throw new AppError(
        403,
        ErrorCode.INCORRECT_PASSWORD,
        'This account has no password yet. Set one with “Forgot password” on the sign-in page, then try again.',
      );
    }
    if (!(await this.passwordMatches(user, password))) throw new AppError(403, ErrorCode.INCORRECT_PASSWORD, 'Incorrect password');
    const agents = await agentDeviceRowIds(this.ctx.db, user.id);
    await deleteUser(this.ctx.db, this.ctx.authCache, user.id);
    // The machines went with the account (their credentials with them): their agents are told
    // and closed now, like any deactivated machine's, rather than staying connected.
    for (const deviceRowId of agents) await this.ctx.bus.publish({ type: 'device.deactivated', deviceRowId, removeClient: false });
    this.ctx.log.info({ userId: user.id }, 'account deleted');
  }

  debug(userId: string) {
    return { ok: true as const, userId, database: this.ctx.dbKind, serverTime: isoNow(this.ctx.clock) };
  }

  private async assertCurrentPassword(user: UsersTable, password: string): Promise<void> {
    if (!user.password_hash) {
      throw new AppError(
        403,
        ErrorCode.INVALID_CURRENT_PASSWORD,
        'This account has no password yet. Set one with “Forgot password” on the sign-in page, then try again.',
      );
    }
    if (!(await this.passwordMatches(user, password)))
      throw new AppError(403, ErrorCode.INVALID_CURRENT_PASSWORD, 'Current password is incorrect');
  }

  /** A stolen access token must not become a fast password oracle: checks are rate-limited per account. */
  private async passwordMatches(user: UsersTable, password: string): Promise<boolean> {
    await this.rateLimiter.hit(`password-check:account:${user.id}`, {
      limit: this.ctx.config.rateLimit.authPerAccount,
      windowMs: this.ctx.config.rateLimit.windowMs,
    });
    return verifyPassword(user.password_hash, password);
  }

  private async load(userId: string): Promise<UsersTable> {
    const user = await findUserById(this.ctx.db, userId);
    if (!user) throw notFound('Account not found');
    return user;
  }
}
