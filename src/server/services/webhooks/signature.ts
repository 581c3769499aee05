import { createHmac, randomBytes } from 'node:crypto';

/** Every signing secret starts with this, so that one is recognisable in a config file or a leak scan. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/**
 * The Loadout-Signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed
 * with the secret as text. The timestamp is signed with the body, so a receiver that refuses
 * old timestamps refuses a replayed capture; docs/webhooks.md shows the receiver's side.
 */
export function signatureHeader(secret: string, timestampSeconds: number, body: string): string {
  const digest = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${digest}`;
}
