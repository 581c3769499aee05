import { ErrorCode } from '@shared/api/errors';
import { TOKEN_TTL } from '@shared/constants';
import { HOUR_MS } from '@shared/time';

import { isoNow, type AppContext } from '../context';
import { claimEmailToken, findEmailTokenByHash } from '../db/repositories/email-tokens.repository';
import { findUserById, updateUser } from '../db/repositories/users.repository';
import type { Db } from '../db/schema';
import { AppError, badRequest, notFound } from '../errors';
import type { MailMessage } from '../mail/mailer';
import { verificationMail } from '../mail/templates';
import type { RateLimiter } from '../security/rate-limiter';
import { hashToken } from '../security/tokens';
import type { EmailChangeService } from './email-change.service';
import { issueEmailToken } from './email-token.service';

const VERIFY_TTL_MS = TOKEN_TTL.verifyEmailHours * HOUR_MS;

export const INVALID_VERIFY_LINK = 'This verification link is invalid or has already been used.';
export const EXPIRED_VERIFY_LINK = 'This verification link has expired. Request a new one from Settings.';

/** E-mail verification links: single use, expiring, bound to the address they were sent to. */
export class EmailVerificationService {
  constructor(
    private readonly ctx: AppContext,
    private readonly rateLimiter: RateLimiter,
    private readonly emailChange: EmailChangeService,
  ) {}

  /**
   * Creates a verification link for `email` (spending any earlier one) inside the caller's
   * transaction and returns the mail, which the caller sends once that transaction commits.
   */
  async prepare(db: Db, user: { id: string; first_name: string }, email: string): Promise<MailMessage> {
    const token = await issueEmailToken(db, this.ctx.clock, { userId: user.id, purpose: 'verify', email, ttlMs: VERIFY_TTL_MS });
    const link = `${this.ctx.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    return { to: email, ...verificationMail({ firstName: user.first_name, link, hours: TOKEN_TTL.verifyEmailHours }) };
  }

  /**
   * Completes a mailed link: verifies the address it was sent to, if that is still the
   * account's — or, for a link sent to a new address, moves the account there.
   */
  async verify(token: string): Promise<{ email: string; alreadyVerified: boolean }> {
    const now = isoNow(this.ctx.clock);
    const row = await findEmailTokenByHash(this.ctx.db, 'verify', hashToken(token));
    if (!row) {
      const moved = await this.emailChange.confirm(token);
      if (moved) return { ...moved, alreadyVerified: false };
    }
    if (row?.used_at) {
      // Opening the mail's link again is no mistake: say the address is verified, when it still is.
      const user = await findUserById(this.ctx.db, row.user_id);
      if (user && user.email === row.email && user.is_email_verified === 1) return { email: user.email, alreadyVerified: true };
    }
    if (!row || row.used_at) throw badRequest(INVALID_VERIFY_LINK, ErrorCode.EMAIL_TOKEN_INVALID);
    if (row.expires_at <= now) throw badRequest(EXPIRED_VERIFY_LINK, ErrorCode.EMAIL_TOKEN_EXPIRED);
    return this.ctx.db.transaction().execute(async (trx) => {
      if (!(await claimEmailToken(trx, row.id, now))) throw badRequest(INVALID_VERIFY_LINK, ErrorCode.EMAIL_TOKEN_INVALID);
      const user = await findUserById(trx, row.user_id);
      if (!user || user.email !== row.email) {
        throw badRequest(
          'This verification link is for an email address that is no longer on your account. Request a new one from Settings.',
          ErrorCode.EMAIL_TOKEN_INVALID,
        );
      }
      const alreadyVerified = user.is_email_verified === 1;
      if (!alreadyVerified) await updateUser(trx, this.ctx.authCache, user.id, { is_email_verified: 1, updated_at: now });
      return { email: user.email, alreadyVerified };
    });
  }

  /** Sends a fresh link to the account's address; earlier links stop working. */
  async resend(userId: string): Promise<void> {
    const user = await findUserById(this.ctx.db, userId);
    if (!user) throw notFound('Account not found');
    await this.rateLimiter.hit(`resend-verification:account:${user.email}`, this.accountRule());
    if (user.is_email_verified === 1) {
      throw new AppError(400, ErrorCode.EMAIL_ALREADY_VERIFIED, 'Your email address is already verified.');
    }
    const mail = await this.ctx.db.transaction().execute((trx) => this.prepare(trx, user, user.email));
    await this.ctx.mailer.send(mail);
  }

  private accountRule() {
    return { limit: this.ctx.config.rateLimit.authPerAccount, windowMs: this.ctx.config.rateLimit.windowMs };
  }
}
