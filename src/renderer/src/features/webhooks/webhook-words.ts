import { MINUTE_MS } from '@shared/time';

import type { WebhookDelivery, WebhookDeliveryStatus, WebhookEndpoint } from '../../api/webhooks';

/** Each delivery state in words and colour (never colour alone). */
export const DELIVERY_STATUS_LOOKS: Readonly<Record<WebhookDeliveryStatus, { label: string; color: string }>> = {
  pending: { label: 'Pending', color: 'blue' },
  succeeded: { label: 'Succeeded', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

/** When Loadout tries a failing delivery again, counted from the event; after the last the endpoint is turned off. */
export const RETRY_WORDS = 'Loadout tries a failed delivery again 1 min, 5 min, 30 min, 2 h, 6 h, 12 h and 24 h after the event.';
export const TURNED_OFF_WORDS = 'After a day of failures it turns the endpoint off and e-mails you.';

/** The webhooks' part of the API reference this server serves (docs/webhooks.md itself is not served). */
export const VERIFYING_DOCS_URL = '/api/docs#/webhooks';

/** A delivery's badge: a pending one that has failed before says it is being retried. */
export function deliveryLook(delivery: Pick<WebhookDelivery, 'status' | 'attempts'>): { label: string; color: string } {
  if (delivery.status === 'pending' && delivery.attempts > 0) return { label: 'Retrying', color: 'orange' };
  return DELIVERY_STATUS_LOOKS[delivery.status];
}

/** How often a log with a delivery still under way is read again: soon while a first try is out, then now and then for retries. */
export function pollInterval(deliveries: ReadonlyArray<Pick<WebhookDelivery, 'status' | 'attempts'>> | undefined): number {
  const pending = (deliveries ?? []).filter((delivery) => delivery.status === 'pending');
  if (pending.length === 0) return 0;
  return pending.some((delivery) => delivery.attempts === 0) ? 2_000 : 15_000;
}

export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatWhenExactly(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

export function formatTime(iso: string): string {
  return new Date(iso).toLocaleTimeString(undefined, { timeStyle: 'short' });
}

/** "in 4 min", "in 2 h", "now": how long until a due time. */
export function untilWords(iso: string, now: Date = new Date()): string {
  const minutes = Math.ceil((new Date(iso).getTime() - now.getTime()) / MINUTE_MS);
  if (minutes <= 0) return 'now';
  if (minutes < 60) return `in ${minutes} min`;
  const hours = Math.round(minutes / 60);
  return `in ${hours} h`;
}

/** What a pending delivery waits for: its first try, or the next one and when. */
export function pendingWords(delivery: Pick<WebhookDelivery, 'attempts' | 'nextAttemptAt'>, now: Date = new Date()): string {
  if (delivery.attempts === 0 || delivery.nextAttemptAt === null) return 'Sending…';
  return `Next try ${untilWords(delivery.nextAttemptAt, now)}, at ${formatTime(delivery.nextAttemptAt)}`;
}

/** The endpoint's state as a badge says it: on, off (by you or by Loadout), or failing. */
export function endpointState(endpoint: Pick<WebhookEndpoint, 'enabled' | 'disabledReason' | 'failingSince'>): {
  label: string;
  color: string;
} {
  if (!endpoint.enabled)
    return endpoint.disabledReason ? { label: 'Turned off by Loadout', color: 'red' } : { label: 'Off', color: 'gray' };
  if (endpoint.failingSince) return { label: 'Failing', color: 'orange' };
  return { label: 'On', color: 'green' };
}

const LAST_DELIVERY_WORDS: Readonly<Record<WebhookDeliveryStatus, string>> = {
  pending: 'is pending',
  succeeded: 'succeeded',
  failed: 'failed',
};

/** "Last delivery succeeded, 2 Jan 2026, 10:00" for an endpoint's row, or that nothing was sent yet. */
export function lastDeliveryWords(last: WebhookEndpoint['lastDelivery']): string {
  if (!last) return 'Nothing sent yet';
  return `Last delivery ${LAST_DELIVERY_WORDS[last.status]}, ${formatWhen(last.at)}`;
}

/** The body as a person reads it: indented when it is JSON, as sent otherwise. */
export function readableBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
