import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';

import type { GoogleLoginRequest, GoogleLoginResponse } from '@shared/api/auth';
import { ErrorCode } from '@shared/api/errors';

import { isoNow, type AppContext } from '../context';
import { isUniqueViolation } from '../db/dialect';
import { findUserByEmail, findUserByGoogleSub, insertUser, updateUser } from '../db/repositories/users.repository';
import type { Db, UsersTable } from '../db/schema';
import { AppError, conflict, forbidden, unauthorized } from '../errors';
import type { MailMessage } from '../mail/mailer';
import { newId } from '../security/tokens';
import { adminFlagForNewAccount, emailInUse, toUser } from './account.service';
import type { EmailVerificationService } from './email-verification.service';
import type { SessionOrigin, SessionService, SessionTokens } from './session.service';
import type { SubscriptionService } from './subscription.service';

const GOOGLE_ISSUER = 'https://accounts.google.com';

/** What we take from a verified ID token. */
interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

type Outcome = { kind: 'session'; user: UsersTable; session: SessionTokens } | { kind: 'pending'; email: string; mail: MailMessage };

const invalidToken = () => unauthorized('Google sign-in failed. Please try again.', ErrorCode.GOOGLE_TOKEN_INVALID);
const unavailable = () => new AppError(503, ErrorCode.GOOGLE_LOGIN_UNAVAILABLE, 'Google Sign-In is currently unavailable');

/**
 * Sign-in with a Google ID token (OpenID Connect). Accounts are keyed by the provider's `sub`;
 * an existing password account is linked only when Google vouches for the address.
 */
export class GoogleAuthService {
  /** The provider's signing keys, fetched on first use and cached (and refreshed) by jose. */
  private jwks: ReturnType<typeof createRemoteJWKSet> | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly sessions: SessionService,
    private readonly subscriptions: SubscriptionService,
    private readonly verification: EmailVerificationService,
  ) {}

  async login(input: GoogleLoginRequest, origin: SessionOrigin): Promise<GoogleLoginResponse> {
    const clientId = this.ctx.config.google.clientId;
    if (!clientId) throw unavailable();
    const identity = await this.verifyIdToken(input.id_token, clientId, input.nonce);
    const sessionOrigin = { ...origin, deviceId: input.deviceId ?? origin.deviceId };

    let outcome: Outcome;
    try {
      outcome = await this.ctx.db.transaction().execute((trx) => this.resolve(trx, identity, sessionOrigin));
    } catch (error) {
      if (isUniqueViolation(error)) throw emailInUse();
      throw error;
    }
    if (outcome.kind === 'pending') {
      await this.ctx.mailer.send(outcome.mail);
      return { requiresVerification: true, email: outcome.email, tempPassword: null };
    }
    const { session, user } = outcome;
    return {
      token: session.token,
      refreshToken: session.refreshToken,
      user: toUser(user),
      requiresVerification: false,
      tempPassword: null,
    };
  }

  private async resolve(trx: Db, identity: GoogleIdentity, origin: SessionOrigin): Promise<Outcome> {
    const now = isoNow(this.ctx.clock);
    const linked = await findUserByGoogleSub(trx, identity.sub);
    if (linked) {
      let user = linked;
      if (user.is_email_verified !== 1) {
        if (!identity.emailVerified || identity.email !== user.email) {
          throw forbidden('Please verify your email address first. Check your inbox.', ErrorCode.EMAIL_NOT_VERIFIED);
        }
        user = { ...user, is_email_verified: 1, updated_at: now };
        await updateUser(trx, this.ctx.authCache, user.id, { is_email_verified: 1, updated_at: now });
      }
      return { kind: 'session', user, session: await this.sessions.start(trx, user.id, origin) };
    }

    const existing = await findUserByEmail(trx, identity.email);
    if (existing) {
      // Linking on an address Google has not verified would let anyone claim someone else's account.
      if (!identity.emailVerified || existing.google_sub) {
        throw conflict('An account with this email already exists. Sign in with your password.', ErrorCode.EMAIL_IN_USE);
      }
      const user: UsersTable = { ...existing, google_sub: identity.sub, is_email_verified: 1, updated_at: now };
      await updateUser(trx, this.ctx.authCache, user.id, { google_sub: identity.sub, is_email_verified: 1, updated_at: now });
      return { kind: 'session', user, session: await this.sessions.start(trx, user.id, origin) };
    }

    const user: UsersTable = {
      id: newId(),
      email: identity.email,
      password_hash: null,
      first_name: identity.firstName,
      last_name: identity.lastName,
      career_field: null,
      date_of_birth: null,
      receive_emails: 0,
      terms_accepted_at: null,
      is_email_verified: identity.emailVerified ? 1 : 0,
      is_admin: await adminFlagForNewAccount(trx, this.ctx.config, identity.email),
      google_sub: identity.sub,
      created_at: now,
      updated_at: now,
    };
    await insertUser(trx, user);
    await this.subscriptions.createFree(user.id, trx);
    if (!identity.emailVerified) {
      return { kind: 'pending', email: user.email, mail: await this.verification.prepare(trx, user, user.email) };
    }
    return { kind: 'session', user, session: await this.sessions.start(trx, user.id, origin) };
  }

  private async verifyIdToken(idToken: string, clientId: string, nonce: string | undefined): Promise<GoogleIdentity> {
    const { issuer, jwksUrl } = this.ctx.config.google;
    this.jwks ??= createRemoteJWKSet(new URL(jwksUrl));
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, this.jwks, {
        algorithms: ['RS256'],
        // Google documents both spellings of its issuer.
        issuer: issuer === GOOGLE_ISSUER ? [GOOGLE_ISSUER, 'accounts.google.com'] : issuer,
        audience: clientId,
        currentDate: this.ctx.clock.now(),
        clockTolerance: 30,
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (error) {
      if (error instanceof errors.JWKSTimeout || !(error instanceof errors.JOSEError)) {
        this.ctx.log.error({ err: error }, 'could not fetch the identity provider keys');
        throw unavailable();
      }
      this.ctx.log.info({ reason: error.code }, 'Google ID token refused');
      throw invalidToken();
    }
    // The nonce ties the token to the sign-in the web app started, so a captured token cannot be replayed.
    if ((payload.nonce !== undefined || nonce !== undefined) && payload.nonce !== nonce) throw invalidToken();
    const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
    if (typeof payload.sub !== 'string' || !payload.sub || !/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) {
      throw invalidToken();
    }
    const claim = (name: string): string => {
      const value = payload[name];
      return typeof value === 'string' ? value.trim().slice(0, 100) : '';
    };
    const [nameFirst = '', ...nameRest] = claim('name').split(/\s+/);
    return {
      sub: payload.sub,
      email,
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      firstName: claim('given_name') || nameFirst || email.split('@')[0] || 'Loadout user',
      lastName: claim('family_name') || nameRest.join(' '),
    };
  }
}
