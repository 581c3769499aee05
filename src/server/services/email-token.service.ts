import type { Clock } from '../clock';
import { isoAfter, isoNow } from '../context';
import { insertEmailToken, invalidateEmailTokens } from '../db/repositories/email-tokens.repository';
import type { Db, EmailTokenPurpose } from '../db/schema';
import { hashToken, newId, randomToken } from '../security/tokens';

export interface EmailTokenRequest {
  userId: string;
  purpose: EmailTokenPurpose;
  /** The address the link is mailed to. */
  email: string;
  ttlMs: number;
}

/**
 * A new mailed link's secret (verification, reset, e-mail change, undo): stored hashed, and
 * only the newest of a purpose works, so an older mail lying around cannot be used later.
 */
export async function issueEmailToken(db: Db, clock: Clock, request: EmailTokenRequest): Promise<string> {
  const token = randomToken();
  const now = isoNow(clock);
  await invalidateEmailTokens(db, request.userId, request.purpose, now);
  await insertEmailToken(db, {
    id: newId(),
    user_id: request.userId,
    purpose: request.purpose,
    token_hash: hashToken(token),
    email: request.email,
    created_at: now,
    expires_at: isoAfter(clock, request.ttlMs),
    used_at: null,
  });
  return token;
}
