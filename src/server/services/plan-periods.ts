import type { Plan } from '@shared/plans';

/** Calendar months in UTC; the 31st plus one month is the last day of a shorter month. */
export function addMonths(from: Date, months: number): Date {
  const result = new Date(from.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** One billing period of the plan (a month or a year) from `from`. */
export function addPeriod(from: Date, plan: Plan): Date {
  return addMonths(from, plan.interval === 'year' ? 12 : 1);
}

/**
 * Until when a paid plan bought at `now` runs. What is left of the current paid period is
 * credited as time: premium with ten days left, upgraded to annual, runs a year and ten days
 * from now; renewing the same plan early extends it from its current end. Nothing is credited
 * from the free plan or a period already over.
 */
export function paidPeriodEnd(now: Date, plan: Plan, current: { planId: string; validUntil: string | null }): Date {
  const currentEnd = current.planId !== 'free' && current.validUntil ? new Date(current.validUntil) : null;
  const leftMs = currentEnd ? Math.max(0, currentEnd.getTime() - now.getTime()) : 0;
  return new Date(addPeriod(now, plan).getTime() + leftMs);
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** "July 1, 2025" (UTC), for messages and mails. */
export function formatDay(iso: string): string {
  return DATE_FORMAT.format(new Date(iso));
}
