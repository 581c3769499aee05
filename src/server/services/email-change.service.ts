import { ErrorCode } from '@shared/api/errors';
import { TOKEN_TTL } from '@shared/constants';
import { DAY_MS, HOUR_MS } from '@shared/time';

import { isoNow, type AppContext } from '../context';
import { isUniqueViolation } from '../db/dialect';
import { claimEmailToken, findEmailTokenByHash, invalidateEmailTokens } from '../db/repositories/email-tokens.repository';
import { revokeUserSessions } from '../db/repositories/sessions.repository';
import { findUserByEmail, findUserById, updateUser } from '../db/repositories/users.repository';
import type { Db, UsersTable } from '../db/schema';
import { badRequest, conflict } from '../errors';
import type { MailMessage } from '../mail/mailer';
import { emailChangeAddressTakenMail, emailChangeConfirmMail, emailChangedMail } from '../mail/templates';
import { hashToken } from '../security/tokens';
import { issueEmailToken } from './email-token.service';

const CONFIRM_TTL_MS = TOKEN_TTL.verifyEmailHours * HOUR_MS;
const UNDO_TTL_MS = TOKEN_TTL.undoEmailChangeDays * DAY_MS;

const INVALID_UNDO_LINK = 'This link is invalid or has already been used.';
const EXPIRED_UNDO_LINK = 'This link has expired. Reset your password and contact us if your account was taken over.';
const ADDRESS_TAKEN = 'This email address already has a Loadout account, so it cannot be moved to another one.';

type Person = Pick<UsersTable, 'id' | 'first_name' | 'email'>;

/**
 * Moving an account to another e-mail address, in two steps: the new address confirms (until
 * then the account keeps its old one, and the answer is the same whether or not the new
 * address already has an account), then the old address gets a link that puts it back,
 * signs out every session and clears the password, for when the change was not the owner's.
 */
export class EmailChangeService {
  constructor(private readonly ctx: AppContext) {}

  /** Inside the account update's transaction: the mail to send once it commits. */
  async request(db: Db, user: Person, newEmail: string): Promise<MailMessage> {
    if (await findUserByEmail(db, newEmail)) {
      return { to: newEmail, ...emailChangeAddressTakenMail({ signInLink: `${this.ctx.config.publicUrl}/sign-in` }) };
    }
    const token = await issueEmailToken(db, this.ctx.clock, {
      userId: user.id,
      purpose: 'change_email',
      email: newEmail,
      ttlMs: CONFIRM_TTL_MS,
    });
    const link = `${this.ctx.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    return { to: newEmail, ...emailChangeConfirmMail({ firstName: user.first_name, link, hours: TOKEN_TTL.verifyEmailHours }) };
  }

  /**
   * The new address opened its link (through /verify-email): the account moves there, verified,
   * and the old address is told, with the undo link. Null: the token is not an e-mail change.
   */
  async confirm(token: string): Promise<{ email: string } | null> {
    const row = await findEmailTokenByHash(this.ctx.db, 'change_email', hashToken(token));
    if (!row) return null;
    const now = isoNow(this.ctx.clock);
    if (row.used_at) throw badRequest('This verification link is invalid or has already been used.', ErrorCode.EMAIL_TOKEN_INVALID);
    if (row.expires_at <= now)
      throw badRequest('This verification link has expired. Change your email again from Settings.', ErrorCode.EMAIL_TOKEN_EXPIRED);
    let notice: MailMessage | null = null;
    try {
      await this.ctx.db.transaction().execute(async (trx) => {
        if (!(await claimEmailToken(trx, row.id, now)))
          throw badRequest('This verification link is invalid or has already been used.', ErrorCode.EMAIL_TOKEN_INVALID);
        const user = await findUserById(trx, row.user_id);
        if (!user) throw badRequest('This verification link is invalid or has already been used.', ErrorCode.EMAIL_TOKEN_INVALID);
        await updateUser(trx, this.ctx.authCache, user.id, { email: row.email, is_email_verified: 1, updated_at: now });
        // Links sent to the old address must not outlive the move.
        for (const purpose of ['reset', 'verify', 'change_email'] as const) await invalidateEmailTokens(trx, user.id, purpose, now);
        const undoToken = await issueEmailToken(trx, this.ctx.clock, {
          userId: user.id,
          purpose: 'undo_email_change',
          email: user.email,
          ttlMs: UNDO_TTL_MS,
        });
        const undoLink = `${this.ctx.config.publicUrl}/undo-email-change?token=${encodeURIComponent(undoToken)}`;
        notice = {
          to: user.email,
          ...emailChangedMail({
            firstName: user.first_name,
            oldEmail: user.email,
            newEmail: row.email,
            undoLink,
            days: TOKEN_TTL.undoEmailChangeDays,
          }),
        };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(ADDRESS_TAKEN, ErrorCode.EMAIL_IN_USE);
      throw error;
    }
    if (notice) await this.ctx.mailer.send(notice);
    return { email: row.email };
  }

  /** The old address's link: the address back, verified; every session out; the password cleared. */
  async undo(token: string): Promise<{ email: string }> {
    const now = isoNow(this.ctx.clock);
    const row = await findEmailTokenByHash(this.ctx.db, 'undo_email_change', hashToken(token));
    if (!row || row.used_at) throw badRequest(INVALID_UNDO_LINK, ErrorCode.EMAIL_TOKEN_INVALID);
    if (row.expires_at <= now) throw badRequest(EXPIRED_UNDO_LINK, ErrorCode.EMAIL_TOKEN_EXPIRED);
    try {
      await this.ctx.db.transaction().execute(async (trx) => {
        if (!(await claimEmailToken(trx, row.id, now))) throw badRequest(INVALID_UNDO_LINK, ErrorCode.EMAIL_TOKEN_INVALID);
        await updateUser(trx, this.ctx.authCache, row.user_id, {
          email: row.email,
          is_email_verified: 1,
          password_hash: null,
          updated_at: now,
        });
        for (const purpose of ['reset', 'verify', 'change_email'] as const) await invalidateEmailTokens(trx, row.user_id, purpose, now);
        await revokeUserSessions(trx, this.ctx.authCache, row.user_id, now, 'email_change_undone');
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict('This email address now belongs to another account. Contact us to recover yours.', ErrorCode.EMAIL_IN_USE);
      throw error;
    }
    this.ctx.log.warn({ userId: row.user_id }, 'e-mail change undone from the old address');
    return { email: row.email };
  }
}
