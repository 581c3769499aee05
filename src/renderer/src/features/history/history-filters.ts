import type { HistoryFilters, HistoryOutcome } from '../../api/history';

/** The filters a user picks on the page; kept in the URL query so a filtered view can be linked. */
export const FILTER_KEYS = ['deviceId', 'listId', 'appId', 'kind', 'outcome', 'from', 'to'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export const KIND_LABELS = { install: 'Install', upgrade: 'Update', uninstall: 'Uninstall' } as const;
export type Kind = keyof typeof KIND_LABELS;

export const OUTCOME_LOOKS: Record<HistoryOutcome, { label: string; color: string }> = {
  succeeded: { label: 'Succeeded', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  skipped: { label: 'Skipped', color: 'gray' },
};

const isKind = (value: string): value is Kind => value in KIND_LABELS;
const isOutcome = (value: string): value is HistoryOutcome => value in OUTCOME_LOOKS;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day (YYYY-MM-DD) as the instant its local midnight is; `days` moves it on. */
function localMidnight(day: string, days = 0): string | undefined {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return undefined;
  const instant = new Date(year, month - 1, date + days);
  return Number.isNaN(instant.getTime()) ? undefined : instant.toISOString();
}

/**
 * What the API gets for the URL's query. Dates in the URL are days in the user's time zone:
 * "from" starts at its midnight, "to" includes the whole day (the API's `to` is exclusive).
 * Values the API would refuse are left out rather than turned into a 400.
 */
export function filtersFromSearch(search: URLSearchParams): HistoryFilters {
  const filters: HistoryFilters = {};
  const deviceId = search.get('deviceId');
  if (deviceId) filters.deviceId = deviceId;
  const listId = search.get('listId');
  if (listId) filters.listId = listId;
  const appId = Number(search.get('appId'));
  if (Number.isInteger(appId) && appId > 0) filters.appId = appId;
  const kind = search.get('kind') ?? '';
  if (isKind(kind)) filters.kind = kind;
  const outcome = search.get('outcome') ?? '';
  if (isOutcome(outcome)) filters.outcome = outcome;
  const from = search.get('from') ?? '';
  if (DAY.test(from)) filters.from = localMidnight(from);
  const to = search.get('to') ?? '';
  if (DAY.test(to)) filters.to = localMidnight(to, 1);
  return filters;
}

export function hasFilters(search: URLSearchParams): boolean {
  return FILTER_KEYS.some((key) => search.get(key));
}

/** The query with one filter set (or removed when blank). */
export function withFilter(search: URLSearchParams, key: FilterKey, value: string): URLSearchParams {
  const next = new URLSearchParams(search);
  if (value) next.set(key, value);
  else next.delete(key);
  return next;
}
