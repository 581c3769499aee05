import type { z } from 'zod';
import type { loginRequestSchema, RegisterResponse, registerRequestSchema, SessionResponse } from '@shared/api/auth';
import { ErrorCode } from '@shared/api/errors';
import { type AppContext, isoNow } from '../context';
import { isUniqueViolation } from '../db/dialect';
import { findUserByEmail, insertUser } from '../db/repositories/users.repository';
import type { UsersTable } from '../db/schema';
import { unauthorized } from '../errors';
import { getDummyHash, hashPassword, verifyPassword } from '../security/passwords';
import type { RateLimiter } from '../security/rate-limiter';
import { newId } from '../security/tokens';
import { adminFlagForNewAccount, emailInUse, type SessionOrigin, toUser } from './accounts';
import type { EmailVerificationService } from './email-verification.service';
import type { SessionService } from './session.service';
import type { SubscriptionService } from './subscription.service';

type RegisterInput = z.output<typeof registerRequestSchema>;
type LoginInput = z.output<typeof loginRequestSchema>;

/** Sign-up and password sign-in. */
export class AuthService {
  constructor(
    private readonly ctx: AppContext,
    private readonly rateLimiter: RateLimiter,
    private readonly sessions: SessionService,
    private readonly subscriptions: SubscriptionService,
    private readonly verification: EmailVerificationService,
  ) {}

  /** Creates the account, its free plan, a verification link and a first session, all or nothing. */
  async register(input: RegisterInput, origin: SessionOrigin): Promise<RegisterResponse> {
    if (await findUserByEmail(this.ctx.db, input.email)) throw emailInUse();
    const passwordHash = await hashPassword(input.password);
    const now = isoNow(this.ctx.clock);
    try {
      const { user, session, mail } = await this.ctx.db.transaction().execute(async (trx) => {
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
        const mail = await this.verification.prepare(trx, user, user.email);
        const session = await this.sessions.start(trx, user.id, origin);
        return { user, session, mail };
      });
      await this.ctx.mailer.send(mail);
      return { token: session.token, refreshToken: session.refreshToken, user: toUser(user), requiresVerification: true };
    } catch (error) {
      // Two sign-ups with one address at the same moment: the database decides, the loser hears why.
      if (isUniqueViolation(error)) throw emailInUse();
      throw error;
    }
  }

  /**
   * Unknown address, wrong password and Google-only account answer alike, after the same
   * amount of hashing, so neither the answer nor its timing tells which accounts exist.
   */
  async login(input: LoginInput, origin: SessionOrigin): Promise<SessionResponse> {
    const accountKey = `login:account:${input.email}`;
    await this.rateLimiter.hit(accountKey, {
      limit: this.ctx.config.rateLimit.authPerAccount,
      windowMs: this.ctx.config.rateLimit.windowMs,
    });
    const user = await findUserByEmail(this.ctx.db, input.email);
    const valid = await verifyPassword(user ? user.password_hash : await getDummyHash(), input.password);
    if (!user || !valid) throw unauthorized('Invalid email or password', ErrorCode.INVALID_CREDENTIALS);
    await this.rateLimiter.reset(accountKey);
    const session = await this.sessions.start(this.ctx.db, user.id, origin);
    return { token: session.token, refreshToken: session.refreshToken, user: toUser(user) };
  }
}
