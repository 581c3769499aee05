/**
 * Time is read through one injectable clock, so that tests move time instead of sleeping (see
 * docs/patterns.md, "Time"). Production uses systemClock; tests pass their own Clock to
 * buildApp. No clock control exists in the server itself.
 */
export interface Clock {
  now(): Date;
  /** Waits (a sign-in slowed down under attack); a test clock records the wait instead. */
  sleep(milliseconds: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds)),
};
