import type { z } from 'zod';

import {
  REGISTER_ACCEPTED_MESSAGE,
  type loginRequestSchema,
  type registerRequestSchema,
  type RegisterResponse,
  type SessionResponse,
} from '@shared/api/auth';
import { ErrorCode } from '@shared/api/errors';

import { isoNow, type AppContext } from '../context';
import { isUniqueViolation } from '../db/dialect';
import { findUserByEmail, insertUser } from '../db/repositories/users.repository';
import type { UsersTable } from '../db/schema';
import { unauthorized } from '../errors';
import { signUpAttemptMail } from '../mail/templates';
import { assertAcceptablePassword } from '../security/password-policy';
import { getDummyHash, hashPassword, verifyPassword } from '../security/passwords';
import type { RateLimiter, RateLimitRule } from '../security/rate-limiter';
import { newId } from '../security/tokens';
import { adminFlagForNewAccount, toUser } from './account.service';
import type { EmailVerificationService } from './email-verification.service';
import type { SessionOrigin, SessionService } from './session.service';
import type { SubscriptionService } from './subscription.service';

type RegisterInput = z.output<typeof registerRequestSchema>;
type LoginInput = z.output<typeof loginRequestSchema>;

/** "Someone tried to sign up with your address" mails per address and window: a nudge, not a mail bomb. */
const SIGN_UP_ATTEMPT_MAILS = 2;
/** The wait before each sign-in on an account past its failure threshold: 1 s, 2 s, 4 s, 8 s, then 10 s. */
export function signInSlowdownMs(failuresPastThreshold: number): number {
  return Math.min(1000 * 2 ** Math.min(failuresPastThreshold, 4), 10_000);
}

/** Sign-up and password sign-in. */
export class AuthService {
  constructor(
    private readonly ctx: AppContext,
    private readonly rateLimiter: RateLimiter,
    private readonly sessions: SessionService,
    private readonly subscriptions: SubscriptionService,
    private readonly verification: EmailVerificationService,
  ) {}

  /**
   * Creates the account, its free plan and a verification link, all or nothing. The answer is
   * the same, after the same work (one password hash, one mail), whether or not the address
   * already has an account: that owner is told by mail instead, so sign-up cannot be used to
   * find out who is registered. The new account signs in with its password as usual.
   */
  async register(input: RegisterInput): Promise<RegisterResponse> {
    const answer: RegisterResponse = { requiresVerification: true, email: input.email, message: REGISTER_ACCEPTED_MESSAGE };
    await assertAcceptablePassword(input.password, input, 'password');
    const passwordHash = await hashPassword(input.password);
    const owner = await findUserByEmail(this.ctx.db, input.email);
    if (owner) {
      await this.tellOwnerOfSignUpAttempt(owner);
      return answer;
    }
    const now = isoNow(this.ctx.clock);
    try {
      const mail = await this.ctx.db.transaction().execute(async (trx) => {
        const user: UsersTable = {
          id: newId(),
          email: input.email,
          password_hash: passwordHash,
          first_name: input.firstName,
          last_name: input.lastName,
          career_field: input.careerField?.trim() || null,
          date_of_birth: input.dateOfBirth,
          receive_emails: input.receiveEmails ? 1 : 0,
          terms_accepted_at: now,
          is_email_verified: 0,
          is_admin: await adminFlagForNewAccount(trx, this.ctx.config, input.email),
          google_sub: null,
          created_at: now,
          updated_at: now,
        };
        await insertUser(trx, user);
        await this.subscriptions.createFree(user.id, trx);
        return this.verification.prepare(trx, user, user.email);
      });
      await this.ctx.mailer.send(mail);
    } catch (error) {
      // Two sign-ups with one address at the same moment: the database decides; the loser is
      // answered alike, and the winner's owner hears of the attempt.
      if (!isUniqueViolation(error)) throw error;
      const winner = await findUserByEmail(this.ctx.db, input.email);
      if (winner) await this.tellOwnerOfSignUpAttempt(winner);
    }
    return answer;
  }

  /**
   * Unknown address, wrong password and Google-only account answer alike, after the same
   * amount of hashing, so neither the answer nor its timing tells which accounts exist.
   *
   * Lock the attacker, not the owner: failures are counted per (account, IP), and that pair
   * alone is refused once over the limit; across all IPs they only slow the account's
   * sign-ins down (at most 10 s each), so ten guesses from ten addresses cannot keep its
   * owner out. Per-IP limits (the route's) bound each address over all accounts.
   */
  async login(input: LoginInput, origin: SessionOrigin): Promise<SessionResponse> {
    const { authPerAccount, loginSlowdownAfter, windowMs } = this.ctx.config.rateLimit;
    const pair = { key: `login:account-ip:${input.email}|${origin.ip ?? 'unknown'}`, rule: { limit: authPerAccount, windowMs } };
    const account = { key: `login:account:${input.email}`, rule: { limit: loginSlowdownAfter, windowMs } };
    await this.rateLimiter.check(pair.key, pair.rule);
    const failures = await this.rateLimiter.count(account.key, account.rule);
    if (failures >= loginSlowdownAfter) await this.ctx.clock.sleep(signInSlowdownMs(failures - loginSlowdownAfter));

    const user = await findUserByEmail(this.ctx.db, input.email);
    const valid = await verifyPassword(user ? user.password_hash : await getDummyHash(), input.password);
    if (!user || !valid) {
      await Promise.all([this.count(pair), this.count(account)]);
      throw unauthorized('Invalid email or password', ErrorCode.INVALID_CREDENTIALS);
    }
    await this.rateLimiter.reset(pair.key, pair.rule);
    const session = await this.sessions.start(this.ctx.db, user.id, origin);
    return { token: session.token, refreshToken: session.refreshToken, user: toUser(user) };
  }

  private async count(counter: { key: string; rule: RateLimitRule }): Promise<void> {
    await this.rateLimiter.increment(counter.key, counter.rule);
  }

  /** Never throws a 429 (that would tell the address exists): past the allowance the mail is just not sent. */
  private async tellOwnerOfSignUpAttempt(owner: UsersTable): Promise<void> {
    const rule = { limit: SIGN_UP_ATTEMPT_MAILS, windowMs: this.ctx.config.rateLimit.windowMs };
    if ((await this.rateLimiter.increment(`sign-up-attempt-mail:account:${owner.id}`, rule)) > SIGN_UP_ATTEMPT_MAILS) return;
    const base = this.ctx.config.publicUrl;
    const email = encodeURIComponent(owner.email);
    await this.ctx.mailer.send({
      to: owner.email,
      ...signUpAttemptMail({
        firstName: owner.first_name,
        signInLink: `${base}/sign-in?email=${email}`,
        resetLink: `${base}/password-reset?email=${email}`,
      }),
    });
  }
}
