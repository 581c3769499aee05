import { HOUR_MS, MINUTE_MS } from '@shared/time';

/**
 * When each attempt at a delivery is made, counted from the event: at once, then after 1 and
 * 5 minutes, half an hour, 2, 6 and 12 hours, and a last time a day after. A receiver that is
 * down for a deploy gets the event minutes later; one down for a night still gets it.
 */
export const ATTEMPT_OFFSETS_MS: readonly number[] = [
  0,
  MINUTE_MS,
  5 * MINUTE_MS,
  30 * MINUTE_MS,
  2 * HOUR_MS,
  6 * HOUR_MS,
  12 * HOUR_MS,
  24 * HOUR_MS,
];

/** An endpoint that failed every attempt for this long is turned off, and its owner told. */
export const DISABLE_AFTER_FAILING_MS = 24 * HOUR_MS;

/** When the attempt after `attemptsMade` is due, or null when that was the last. */
export function nextAttemptAt(createdAt: string, attemptsMade: number): string | null {
  const offset = ATTEMPT_OFFSETS_MS[attemptsMade];
  return offset === undefined ? null : new Date(new Date(createdAt).getTime() + offset).toISOString();
}
