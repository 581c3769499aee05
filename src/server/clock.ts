/**
 * Time is read through one injectable clock (DESIGN §7). Production uses systemClock; tests
 * pass their own Clock to buildApp. No clock control exists in the server itself.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
