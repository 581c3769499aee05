import type { AppContext, Caller } from '../context';
import { findUserById } from '../db/repositories/users.repository';
import { toUser } from './account.service';
import type { SubscriptionService } from './subscription.service';

/**
 * The server acting for an account's owner (no session, no device): keep in sync and device
 * groups start installations this way, and the activity log says on whose behalf. Null when
 * the account is gone.
 */
export async function actingFor(ctx: AppContext, subscription: SubscriptionService, userId: string): Promise<Caller | null> {
  const row = await findUserById(ctx.db, userId);
  if (!row) return null;
  return {
    userId,
    sessionId: null,
    apiKeyId: null,
    user: toUser(row),
    plan: await subscription.planOf(userId),
    deviceId: null,
    claimedDeviceId: null,
  };
}
