import { ErrorCode } from '@shared/api/errors';
import { PLAN_IDS, PLANS, type Plan } from '@shared/plans';

import { AppError } from '../errors';

/**
 * A downgrade never deletes data; what is beyond the new plan becomes read-only
 * until the user trims it. A list is beyond the plan when it is not among the oldest
 * `lists` lists (by creation), or when it has more apps than `appsPerList`.
 * Read-only lists can still lose apps and be deleted (that is how users trim); they cannot
 * be renamed, reordered or get apps.
 */
export function isListReadOnly(plan: Plan, indexByAge: number, appCount: number): boolean {
  const { lists, appsPerList } = plan.limits;
  return (lists !== null && indexByAge >= lists) || appCount > appsPerList;
}

/** The next plan up that allows more of something, for the "Upgrade to …" hint. */
function upgradeFor(plan: Plan, more: (candidate: Plan) => boolean): Plan | null {
  return PLAN_IDS.map((id) => PLANS[id]).find((candidate) => candidate.rank > plan.rank && more(candidate)) ?? null;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function listLimitReached(plan: Plan): AppError {
  const limit = plan.limits.lists ?? 0;
  const upgrade = upgradeFor(plan, (candidate) => candidate.limits.lists === null || candidate.limits.lists > limit);
  const hint = upgrade
    ? ` Upgrade to ${upgrade.displayName} for ${upgrade.limits.lists === null ? 'unlimited lists' : `up to ${plural(upgrade.limits.lists, 'list')}`}.`
    : '';
  return new AppError(403, ErrorCode.LIST_LIMIT_REACHED, `Your ${plan.displayName} plan includes ${plural(limit, 'app list')}.${hint}`);
}

export function appLimitReached(plan: Plan): AppError {
  const limit = plan.limits.appsPerList;
  const upgrade = upgradeFor(plan, (candidate) => candidate.limits.appsPerList > limit);
  const hint = upgrade ? ` Upgrade to ${upgrade.displayName} for up to ${upgrade.limits.appsPerList}.` : '';
  return new AppError(
    403,
    ErrorCode.LIST_APP_LIMIT_REACHED,
    `Your ${plan.displayName} plan allows up to ${plural(limit, 'app')} per list.${hint}`,
  );
}

/** An import of more apps than a list holds, asked for without saying how to fit them. */
export function fileOverAppLimit(plan: Plan, appCount: number): AppError {
  const limit = plan.limits.appsPerList;
  return new AppError(
    403,
    ErrorCode.LIST_APP_LIMIT_REACHED,
    `This file has ${plural(appCount, 'app')} and your ${plan.displayName} plan allows up to ${plural(limit, 'app')} per list: split it into lists or choose which to keep.`,
  );
}

/** A split that needs more lists than the plan has left. */
export function splitOverListLimit(plan: Plan, needed: number, left: number): AppError {
  return new AppError(
    403,
    ErrorCode.LIST_LIMIT_REACHED,
    `Splitting this file takes ${plural(needed, 'list')} and your ${plan.displayName} plan allows ${plural(left, 'more list')}: choose which apps to keep instead.`,
  );
}

export const listReadOnly = () =>
  new AppError(403, ErrorCode.LIST_READ_ONLY, "This list is over your plan's limits and is read-only. Remove apps or upgrade to edit it.");
