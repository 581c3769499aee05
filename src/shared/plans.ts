/**
 * The plan catalogue: the only source of prices and limits (docs/plans.md). The server enforces
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
  /**
   * New-device protection and deactivation cooldown, in hours. Neither applies to a device in
   * its first REMOVABLE_AT_ONCE_MINUTES: removing a mistaken enrolment is not a swap.
   */
  cooldownHours: number;
  storageMb: number;
  bandwidthGb: number;
}

export interface Plan {
  id: PlanId;
  /** Clients also spell it with an underscore (annual_premium): see normalizePlanId. */
  displayName: string;
  /** What the card charges, in cents, per billing period. */
  priceCents: number;
  interval: 'month' | 'year';
  /** 0 = lowest: free < premium < annual-premium. Upgrades go to a higher rank. */
  rank: number;
  badge: 'Basic' | 'Most Popular' | 'Best Value';
  limits: PlanLimits;
  features: readonly string[];
  /** What the plan's monitoring feature ("Basic monitoring", "Advanced monitoring") means, shown under it in the plan catalogue. */
  monitoring: string;
  /** What "Advanced device management" means, shown under it; null for plans without it. */
  deviceManagement: string | null;
  /**
   * priorityNotifications: an immediate mail for new updates and the in-app notification centre.
   * advancedMonitoring: each machine's check-ins and version changes over time, and an alert
   * when a machine has not reported for a day.
   */
  capabilities: {
    updateSchedules: boolean;
    apiKeys: boolean;
    deviceGroups: boolean;
    /** Outgoing webhooks: signed posts of installations, drift, silent machines and rollbacks to the account's endpoints. */
    webhooks: boolean;
    priorityNotifications: boolean;
    advancedMonitoring: boolean;
  };
}

/**
 * How long a new device can still be removed at once, before its protection starts: long
 * enough to notice a mistaken enrolment, too short to rotate seats among machines.
 */
export const REMOVABLE_AT_ONCE_MINUTES = 60;

/** The pricing card's line for the device limit: every browser and machine takes a seat. */
export const deviceAllowance = (devices: number): string => `Up to ${devices} devices`;

/** The pricing card's words for device groups, the plan's "Advanced device management". */
export const DEVICE_MANAGEMENT_FEATURE = 'Advanced device management';
const DEVICE_MANAGEMENT =
  "Device groups: machines join by hand, by name, platform or tag, or with a group's token, get the group's lists by themselves, and show what drifted from them, to bring back in line. Each machine keeps its earlier setups, to roll back to.";

const ADVANCED_MONITORING =
  'Also every check-in and version change of each machine over time, and an alert when a machine has not reported for a day.';

// Named first so that each card's device line is read from its limit, never typed twice.
const FREE_LIMITS: PlanLimits = { lists: 1, appsPerList: 5, devices: 3, historyDays: 7, cooldownHours: 72, storageMb: 100, bandwidthGb: 1 };
const PREMIUM_LIMITS: PlanLimits = {
  lists: null,
  appsPerList: 25,
  devices: 10,
  historyDays: 30,
  cooldownHours: 24,
  storageMb: 1024,
  bandwidthGb: 10,
};
const ANNUAL_LIMITS: PlanLimits = {
  lists: null,
  appsPerList: 25,
  devices: 25,
  historyDays: 30,
  cooldownHours: 24,
  storageMb: 5120,
  bandwidthGb: 50,
};

export const PLANS: Readonly<Record<PlanId, Plan>> = {
  free: {
    id: 'free',
    displayName: 'Free',
    priceCents: 0,
    interval: 'month',
    rank: 0,
    badge: 'Basic',
    limits: FREE_LIMITS,
    features: [
      '1 app list',
      'Up to 5 apps',
      deviceAllowance(FREE_LIMITS.devices),
      'Basic monitoring',
      '7-day update history',
      'Email notifications',
      'Community support',
    ],
    monitoring: 'The apps on each machine, their versions and available updates, checked when you ask.',
    deviceManagement: null,
    capabilities: {
      updateSchedules: false,
      apiKeys: false,
      deviceGroups: false,
      webhooks: false,
      priorityNotifications: false,
      advancedMonitoring: false,
    },
  },
  premium: {
    id: 'premium',
    displayName: 'Premium',
    priceCents: 999,
    interval: 'month',
    rank: 1,
    badge: 'Most Popular',
    limits: PREMIUM_LIMITS,
    features: [
      'Unlimited app lists',
      'Up to 25 apps per list',
      deviceAllowance(PREMIUM_LIMITS.devices),
      'Advanced monitoring',
      '30-day update history',
      'Priority notifications',
      'Priority support',
      'Custom update schedules',
      'API access',
    ],
    monitoring: ADVANCED_MONITORING,
    deviceManagement: null,
    capabilities: {
      updateSchedules: true,
      apiKeys: true,
      deviceGroups: false,
      webhooks: true,
      priorityNotifications: true,
      advancedMonitoring: true,
    },
  },
  'annual-premium': {
    id: 'annual-premium',
    displayName: 'Annual Premium',
    priceCents: 9900,
    interval: 'year',
    rank: 2,
    badge: 'Best Value',
    limits: ANNUAL_LIMITS,
    features: [
      'Everything in Premium',
      deviceAllowance(ANNUAL_LIMITS.devices),
      `Save ${annualSavingPercent(999, 9900)}% annually`,
      DEVICE_MANAGEMENT_FEATURE,
    ],
    monitoring: ADVANCED_MONITORING,
    deviceManagement: DEVICE_MANAGEMENT,
    capabilities: {
      updateSchedules: true,
      apiKeys: true,
      deviceGroups: true,
      webhooks: true,
      priorityNotifications: true,
      advancedMonitoring: true,
    },
  },
};

/** "save 17%": a year of annual premium against twelve months of premium. */
export function annualSavingPercent(monthlyCents: number, yearlyCents: number): number {
  return Math.round((1 - yearlyCents / (12 * monthlyCents)) * 100);
}

/** Accepts every spelling clients use (annual_premium, annual-premium); unknown → null. */
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
