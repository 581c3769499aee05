import { z } from 'zod';

import { singleLineText } from './common';

/** Every personal API key starts with this, so that it is recognisable in a script or a leak scan. */
export const API_KEY_PREFIX = 'lo_live_';
/** Live (not revoked) keys one account may hold. */
export const MAX_API_KEYS = 10;
export const API_KEY_NAME_MAX = 100;

/** POST /api/api-keys */
export const createApiKeyRequestSchema = z.object({
  name: singleLineText('Name', API_KEY_NAME_MAX, 'Name is required'),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequestSchema>;

/** A key as the list shows it: never the key itself, only its last four characters. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  lastFour: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to POST /api/api-keys: the only time the key is shown. */
export const createApiKeyResponseSchema = apiKeySchema.extend({ key: z.string() });
export type CreateApiKeyResponse = z.infer<typeof createApiKeyResponseSchema>;

/** GET /api/api-keys: the live keys, newest first. */
export const apiKeysResponseSchema = z.object({ apiKeys: z.array(apiKeySchema) });
export type ApiKeysResponse = z.infer<typeof apiKeysResponseSchema>;

/** DELETE /api/api-keys/{id} */
export const apiKeyParamsSchema = z.object({ id: z.string().min(1).max(64) });
