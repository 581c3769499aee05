import { ErrorCode } from '@shared/api/errors';
import { TOKEN_TTL } from '@shared/constants';
import { HOUR_MS } from '@shared/time';

import { isoNow, type AppContext } from '../context';
import { claimEmailToken, findEmailTokenByHash, invalidateEmailTokens } from '../db/repositories/email-tokens.repository';
import { revokeUserSessions } from '../db/repositories/sessions.repository';
import { findUserByEmail, findUserById, updateUser } from '../db/repositories/users.repository';
import { badRequest } from '../errors';
import { passwordResetMail } from '../mail/templates';
import { assertAcceptablePassword } from '../security/password-policy';
import { hashPassword } from '../security/passwords';
import type { RateLimiter } from '../security/rate-limiter';
import { hashToken } from '../security/tokens';
import { issueEmailToken } from './email-token.service';

const RESET_TTL_MS = TOKEN_TTL.resetPasswordHours * HOUR_MS;

export const RESET_REQUESTED_MESSAGE = 'If an account exists for that address, a link to reset the password is on its way.';
const INVALID_RESET_LINK = 'This reset link is invalid or has already been used.';
const EXPIRED_RESET_LINK = 'This reset link has expired. Request a new one.';

/** Forgotten passwords: a mailed single-use link that sets a new password. */
export class PasswordResetService {
  constructor(
    private readonly ctx: AppContext,
    private readonly rateLimiter: RateLimiter,
  ) {}

  /**
   * Answers the same, after the same steps, whether or not the account exists, so neither the
   * answer nor its timing tells who is registered: the lookup and the mail come after it.
   */
  async request(email: string): Promise<void> {
    await this.rateLimiter.hit(`reset-request:account:${email}`, {
      limit: this.ctx.config.rateLimit.authPerAccount,
      windowMs: this.ctx.config.rateLimit.windowMs,
    });
    this.ctx.tasks.defer('password reset mail', () => this.mailLink(email));
  }

  private async mailLink(email: string): Promise<void> {
    const user = await findUserByEmail(this.ctx.db, email);
    if (!user) return;
    // Only the newest link works: an older mail lying around cannot be used later.
    const token = await this.ctx.db
      .transaction()
      .execute((trx) =>
        issueEmailToken(trx, this.ctx.clock, { userId: user.id, purpose: 'reset', email: user.email, ttlMs: RESET_TTL_MS }),
      );
    const link = `${this.ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await this.ctx.mailer.send({
      to: user.email,
      ...passwordResetMail({ firstName: user.first_name, link, hours: TOKEN_TTL.resetPasswordHours }),
    });
  }

  /**
   * Sets the new password, marks the address verified (opening the link proved control of it)
   * and ends every session: whoever knew the old password is signed out.
   */
  async reset(token: string, newPassword: string): Promise<void> {
    const now = isoNow(this.ctx.clock);
    const row = await findEmailTokenByHash(this.ctx.db, 'reset', hashToken(token));
    if (!row || row.used_at) throw badRequest(INVALID_RESET_LINK, ErrorCode.EMAIL_TOKEN_INVALID);
    if (row.expires_at <= now) throw badRequest(EXPIRED_RESET_LINK, ErrorCode.EMAIL_TOKEN_EXPIRED);
    const user = await findUserById(this.ctx.db, row.user_id);
    // A link sent to an address the account no longer has must not take the account over.
    if (!user || user.email !== row.email) throw badRequest(INVALID_RESET_LINK, ErrorCode.EMAIL_TOKEN_INVALID);
    await assertAcceptablePassword(newPassword, { email: user.email, firstName: user.first_name, lastName: user.last_name }, 'newPassword');

    const passwordHash = await hashPassword(newPassword);
    await this.ctx.db.transaction().execute(async (trx) => {
      if (!(await claimEmailToken(trx, row.id, now))) throw badRequest(INVALID_RESET_LINK, ErrorCode.EMAIL_TOKEN_INVALID);
      await updateUser(trx, this.ctx.authCache, user.id, { password_hash: passwordHash, is_email_verified: 1, updated_at: now });
      await invalidateEmailTokens(trx, user.id, 'reset', now);
      await revokeUserSessions(trx, this.ctx.authCache, user.id, now, 'password_reset');
    });
  }
}
