import type { z } from 'zod';
import type { AccountResponse, UpdateAccountResponse, updateAccountRequestSchema } from '@shared/api/account';
import { ErrorCode } from '@shared/api/errors';
import { type AppContext, isoNow } from '../context';
import { isUniqueViolation } from '../db/dialect';
import { invalidateEmailTokens } from '../db/repositories/email-tokens.repository';
import { revokeUserSessions } from '../db/repositories/sessions.repository';
import { deleteUser, findUserByEmail, findUserById, updateUser } from '../db/repositories/users.repository';
import type { UsersTable } from '../db/schema';
import { AppError, notFound } from '../errors';
import type { MailMessage } from '../mail/mailer';
import { emailChangedMail } from '../mail/templates';
import { hashPassword, verifyPassword } from '../security/passwords';
import type { RateLimiter } from '../security/rate-limiter';
import { emailInUse, toUser } from './accounts';
import type { EmailVerificationService } from './email-verification.service';

type UpdateAccountInput = z.output<typeof updateAccountRequestSchema>;

/** The signed-in user's own account: read, change, delete. Every call is scoped to that user. */
export class AccountService {
  constructor(
    private readonly ctx: AppContext,
    private readonly rateLimiter: RateLimiter,
    private readonly verification: EmailVerificationService,
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
   * A new address must be verified again (the link goes to the new address, a notice to the
   * old one); a new password needs the current one and signs out every other session.
   */
  async update(userId: string, sessionId: string, input: UpdateAccountInput): Promise<UpdateAccountResponse> {
    const user = await this.load(userId);
    const emailChanged = input.email !== user.email;
    if (emailChanged && (await findUserByEmail(this.ctx.db, input.email))) throw emailInUse();
    let passwordHash: string | null = null;
    if (input.newPassword) {
      if (!(await this.passwordMatches(user, input.currentPassword ?? ''))) {
        throw new AppError(403, ErrorCode.INVALID_CURRENT_PASSWORD, 'Current password is incorrect');
      }
      passwordHash = await hashPassword(input.newPassword);
    }

    const now = isoNow(this.ctx.clock);
    const updated: UsersTable = {
      ...user,
      first_name: input.firstName,
      last_name: input.lastName,
      email: input.email,
      is_email_verified: emailChanged ? 0 : user.is_email_verified,
      password_hash: passwordHash ?? user.password_hash,
      updated_at: now,
    };
    const mails: MailMessage[] = [];
    try {
      await this.ctx.db.transaction().execute(async (trx) => {
        const { id: _id, ...changes } = updated;
        await updateUser(trx, user.id, changes);
        if (emailChanged) {
          mails.push(await this.verification.prepare(trx, updated, updated.email));
          mails.push({ to: user.email, ...emailChangedMail({ firstName: updated.first_name, oldEmail: user.email, newEmail: updated.email }) });
          // A reset link sent to the old address must not outlive the change.
          await invalidateEmailTokens(trx, user.id, 'reset', now);
        }
        if (passwordHash) {
          await revokeUserSessions(trx, user.id, now, 'password_changed', sessionId);
          await invalidateEmailTokens(trx, user.id, 'reset', now);
        }
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw emailInUse();
      throw error;
    }
    for (const mail of mails) await this.ctx.mailer.send(mail);
    return { success: true, emailChanged, passwordChanged: passwordHash !== null, user: toUser(updated) };
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
    await deleteUser(this.ctx.db, user.id);
    this.ctx.log.info({ userId: user.id }, 'account deleted');
  }

  debug(userId: string) {
    return { ok: true as const, userId, database: this.ctx.dbKind, serverTime: isoNow(this.ctx.clock) };
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
