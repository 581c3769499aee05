/**
 * The plan catalogue: the only source of prices and limits (DESIGN §5). The server enforces
 * these limits, the pricing page and payment page show these prices, the charge uses them.
 */
export const PLAN_IDS = ['free', 'premium', 'annual-premium'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface PlanLimits {
  /** null means unlimited. */
  lists: number | null;
  appsPerList: number;
  devices: number;
  historyDays: number;
  /** New-device protection and deactivation cooldown (SPEC §9). */
  cooldownHours: number;
  storageMb: number;
  bandwidthGb: number;
}

export interface Plan {
  id: PlanId;
  /** SPEC §3 also spells it with an underscore (annual_premium): see normalizePlanId. */
  displayName: string;
  /** What the card charges, in cents, per billing period. */
  priceCents: number;
  interval: 'month' | 'year';
  /** 0 = lowest. Upgrades go to a higher rank (SPEC §4 "Plan tiers"). */
  rank: number;
  badge: 'Basic' | 'Most Popular' | 'Best Value';
  limits: PlanLimits;
  features: readonly string[];
  /** What the plan's monitoring feature ("Basic monitoring", "Advanced monitoring") means, shown under it in the plan catalogue. */
  monitoring: string;
  /**
   * priorityNotifications: an immediate mail for new updates and the in-app notification centre.
   * advancedMonitoring: each machine's check-ins and version changes over time, and an alert
   * when a machine has not reported for a day.
   */
  capabilities: {
    updateSchedules: boolean;
    apiKeys: boolean;
    deviceGroups: boolean;
    priorityNotifications: boolean;
    advancedMonitoring: boolean;
  };
}

const ADVANCED_MONITORING =
  'Also every check-in and version change of each machine over time, and an alert when a machine has not reported for a day.';

export const PLANS: Readonly<Record<PlanId, Plan>> = {
  free: {
    id: 'free',
    displayName: 'Free',
    priceCents: 0,
    interval: 'month',
    rank: 0,
    badge: 'Basic',
    limits: { lists: 1, appsPerList: 5, devices: 2, historyDays: 7, cooldownHours: 72, storageMb: 100, bandwidthGb: 1 },
    features: ['1 app list', 'Up to 5 apps', 'Basic monitoring', '7-day update history', 'Email notifications', 'Community support'],
    monitoring: 'The apps on each machine, their versions and available updates, checked when you ask.',
    capabilities: { updateSchedules: false, apiKeys: false, deviceGroups: false, priorityNotifications: false, advancedMonitoring: false },
  },
  premium: {
    id: 'premium',
    displayName: 'Premium',
    priceCents: 999,
    interval: 'month',
    rank: 1,
    badge: 'Most Popular',
    limits: { lists: null, appsPerList: 25, devices: 5, historyDays: 30, cooldownHours: 24, storageMb: 1024, bandwidthGb: 10 },
    features: [
      'Unlimited app lists',
      'Up to 25 apps per list',
      'Advanced monitoring',
      '30-day update history',
      'Priority notifications',
      'Priority support',
      'Custom update schedules',
      'API access',
    ],
    monitoring: ADVANCED_MONITORING,
    capabilities: { updateSchedules: true, apiKeys: true, deviceGroups: false, priorityNotifications: true, advancedMonitoring: true },
  },
  'annual-premium': {
    id: 'annual-premium',
    displayName: 'Annual Premium',
    priceCents: 9900,
    interval: 'year',
    rank: 2,
    badge: 'Best Value',
    limits: { lists: null, appsPerList: 25, devices: 10, historyDays: 30, cooldownHours: 24, storageMb: 5120, bandwidthGb: 50 },
    features: ['Everything in Premium', `Save ${annualSavingPercent(999, 9900)}% annually`, 'Advanced device management'],
    monitoring: ADVANCED_MONITORING,
    capabilities: { updateSchedules: true, apiKeys: true, deviceGroups: true, priorityNotifications: true, advancedMonitoring: true },
  },
};

/** "save 17%": a year of annual premium against twelve months of premium. */
export function annualSavingPercent(monthlyCents: number, yearlyCents: number): number {
  return Math.round((1 - yearlyCents / (12 * monthlyCents)) * 100);
}

/** Accepts every spelling SPEC §3 uses (annual_premium, annual-premium); unknown → null. */
export function normalizePlanId(value: string | null | undefined): PlanId | null {
  if (!value) return null;
  const dashed = value.trim().toLowerCase().replace(/_/g, '-');
  return (PLAN_IDS as readonly string[]).includes(dashed) ? (dashed as PlanId) : null;
}

export function getPlan(id: string | null | undefined): Plan {
  return PLANS[normalizePlanId(id) ?? 'free'];
}

export function formatPrice(plan: Plan): string {
  return `$${(plan.priceCents / 100).toFixed(2)}/${plan.interval}`;
}

export function compareTiers(a: PlanId, b: PlanId): number {
  return PLANS[a].rank - PLANS[b].rank;
}
