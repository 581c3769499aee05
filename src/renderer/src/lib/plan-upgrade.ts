import { PLAN_IDS, PLANS, type Plan, type PlanId } from '@shared/plans';

/** The lowest plan above `current` that allows more of something, from the plan catalogue. */
function lifts(current: PlanId, more: (candidate: Plan) => boolean): Plan | null {
  const rank = PLANS[current].rank;
  return PLAN_IDS.map((id) => PLANS[id]).find((candidate) => candidate.rank > rank && more(candidate)) ?? null;
}

/** "Upgrade to Premium for unlimited lists.": which plan lifts a limit (null when none does). */
export function listsUpgradeHint(current: PlanId): string | null {
  const limit = PLANS[current].limits.lists;
  if (limit === null) return null;
  const plan = lifts(current, (candidate) => candidate.limits.lists === null || candidate.limits.lists > limit);
  if (!plan) return null;
  return `Upgrade to ${plan.displayName} for ${plan.limits.lists === null ? 'unlimited lists' : `up to ${plan.limits.lists} lists`}.`;
}

export function appsUpgradeHint(current: PlanId): string | null {
  const limit = PLANS[current].limits.appsPerList;
  const plan = lifts(current, (candidate) => candidate.limits.appsPerList > limit);
  return plan ? `Upgrade to ${plan.displayName} for up to ${plan.limits.appsPerList} apps per list.` : null;
}

export function devicesUpgradeHint(current: PlanId): string | null {
  const limit = PLANS[current].limits.devices;
  const plan = lifts(current, (candidate) => candidate.limits.devices > limit);
  return plan ? `Upgrade to ${plan.displayName} for up to ${plan.limits.devices} devices.` : null;
}
