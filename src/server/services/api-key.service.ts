import { API_KEY_PREFIX, MAX_API_KEYS, type ApiKey, type CreateApiKeyResponse } from '@shared/api/api-keys';
import { ErrorCode } from '@shared/api/errors';
import type { Plan } from '@shared/plans';

import { isoNow, type AppContext } from '../context';
import { countLiveApiKeys, insertApiKey, liveApiKeysOf, lockUserApiKeys, revokeApiKey } from '../db/repositories/api-keys.repository';
import type { ApiKeysTable } from '../db/schema';
import { AppError, notFound } from '../errors';
import { hashToken, newId, randomToken } from '../security/tokens';
import type { SubscriptionService } from './subscription.service';

/** Is this bearer token a personal API key (rather than a session's access token)? */
export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

export function planFeatureRequired(): AppError {
  return new AppError(403, ErrorCode.PLAN_FEATURE_REQUIRED, 'API access is part of Premium. Upgrade to use API keys.');
}

/**
 * Personal API keys (premium): created in Settings, shown once, stored as their SHA-256,
 * accepted as `Authorization: Bearer lo_live_…` with the owner's rights while the plan includes them
 * (`AuthenticationService` checks them).
 */
export class ApiKeyService {
  constructor(
    private readonly ctx: AppContext,
    private readonly subscription: SubscriptionService,
  ) {}

  async list(userId: string): Promise<ApiKey[]> {
    const rows = await liveApiKeysOf(this.ctx.db, userId);
    return rows.map(toApiKey);
  }

  /** The answer is the only place the key ever appears: not the database, the logs or a mail. */
  async create(userId: string, name: string): Promise<CreateApiKeyResponse> {
    const key = `${API_KEY_PREFIX}${randomToken()}`;
    const row: ApiKeysTable = {
      id: newId(),
      user_id: userId,
      name,
      key_hash: hashToken(key),
      last_four: key.slice(-4),
      created_at: isoNow(this.ctx.clock),
      last_used_at: null,
      revoked_at: null,
    };
    await this.ctx.db.transaction().execute(async (trx) => {
      await lockUserApiKeys(trx, userId);
      if (!includesApiKeys(await this.subscription.planOf(userId, trx))) throw planFeatureRequired();
      if ((await countLiveApiKeys(trx, userId)) >= MAX_API_KEYS) {
        throw new AppError(
          403,
          ErrorCode.API_KEY_LIMIT,
          `You can have at most ${MAX_API_KEYS} API keys. Revoke one you no longer use to create another.`,
        );
      }
      await insertApiKey(trx, row);
    });
    return { ...toApiKey(row), key };
  }

  async revoke(userId: string, id: string): Promise<void> {
    if (!(await revokeApiKey(this.ctx.db, userId, id, isoNow(this.ctx.clock)))) {
      throw notFound('API key not found', ErrorCode.API_KEY_NOT_FOUND);
    }
  }
}

export function includesApiKeys(plan: Plan): boolean {
  return plan.capabilities.apiKeys;
}

function toApiKey(row: Pick<ApiKeysTable, 'id' | 'name' | 'last_four' | 'created_at' | 'last_used_at'>): ApiKey {
  return { id: row.id, name: row.name, lastFour: row.last_four, createdAt: row.created_at, lastUsedAt: row.last_used_at };
}
