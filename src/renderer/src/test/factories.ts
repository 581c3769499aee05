import type { AccountResponse } from '@shared/api/account';
import type { App, CatalogueSearchResponse } from '@shared/api/catalogue';
import type { DriftCounts, Group, GroupList, GroupMember, GroupRemoval, GroupSummary } from '@shared/api/device-groups';
import type { Device, DevicesResponse } from '@shared/api/devices';
import type { GenerationSummary, RollbackStep } from '@shared/api/generations';
import type { HistoryEntry } from '@shared/api/history';
import {
  ITEM_STATUSES,
  type Installation,
  type InstallationItem,
  type InstallationSummary,
  type InstallationTarget,
  type ItemCounts,
} from '@shared/api/installations';
import type { ListItem, ListSummary } from '@shared/api/lists';
import type { PaymentRecord } from '@shared/api/payment';
import type { RemovalCheck } from '@shared/api/removal-checks';
import type { SubscriptionStatusResponse } from '@shared/api/subscription';
import type { User } from '@shared/api/user';
import type { WebhookAttempt, WebhookDelivery, WebhookDeliveryDetail, WebhookEndpoint } from '@shared/api/webhooks';
import { perPackageField } from '@shared/package-managers';
import { getPlan, type PlanId } from '@shared/plans';

/** Answers as the server sends them, built from the shared contract's types. */
let nextAppId = 1;

export function makeApp(overrides: Partial<App> = {}): App {
  const id = overrides.app_id ?? nextAppId++;
  return {
    app_id: id,
    name: `App ${id}`,
    description: 'A useful app.',
    category: 1,
    category_name: 'Utilities',
    publisher: '',
    curated: true,
    website: 'https://example.com',
    file_size_kb: 10_240,
    icon_file_location: null,
    ...perPackageField(() => null),
    platforms: [],
    ...overrides,
  };
}

export function makeListItem(app: App, position: number): ListItem {
  return { ...app, position, size_kb: app.file_size_kb, addedAt: '2026-01-02T00:00:00.000Z', own_app: false, pinnedVersion: null };
}

export function makeList(overrides: Partial<ListSummary> = {}): ListSummary {
  return {
    id: 'list-1',
    name: 'Work laptop',
    appCount: 0,
    sizeKb: 0,
    unknownSizeCount: 0,
    readOnly: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function planStatus(id: PlanId = 'free'): SubscriptionStatusResponse {
  const plan = getPlan(id);
  return {
    currentPlan: {
      name: plan.id,
      plan_type: plan.id,
      status: 'active',
      pendingPlan: null,
      validUntil: null,
      displayName: plan.displayName,
      features: [...plan.features],
      seats: { limit: plan.limits.devices, used: 0 },
      limits: {
        devices: plan.limits.devices,
        storage: `${plan.limits.storageMb}MB`,
        bandwidth: `${plan.limits.bandwidthGb}GB`,
        lists: plan.limits.lists,
        appsPerList: plan.limits.appsPerList,
        historyDays: plan.limits.historyDays,
        cooldownHours: plan.limits.cooldownHours,
      },
      updatedAt: '2026-01-01T00:00:00.000Z',
    },
  };
}

/** A paid plan with a downgrade scheduled for its end (status downgrade, pendingPlan set). */
export function planWithDowngrade(id: PlanId, pending: PlanId, validUntil = '2026-03-01T00:00:00.000Z'): SubscriptionStatusResponse {
  const { currentPlan } = planStatus(id);
  return { currentPlan: { ...currentPlan, status: 'downgrade', pendingPlan: pending, validUntil } };
}

/** One row of GET /api/payments. */
export function makePayment(overrides: Partial<PaymentRecord> = {}): PaymentRecord {
  return {
    id: 'pay-1',
    createdAt: '2026-01-15T10:00:00.000Z',
    completedAt: '2026-01-15T10:00:05.000Z',
    plan: 'premium',
    amount: 999,
    currency: 'usd',
    status: 'succeeded',
    failureMessage: null,
    provider: 'sandbox',
    providerPaymentId: 'pi_sandbox_1',
    ...overrides,
  };
}

/** A device as GET /api/devices sends it (both spellings, snake_case and camelCase, kept in step). */
export function makeDevice(
  overrides: Partial<Device> & { device_id: string; device_name?: string } = { device_id: 'dev_aaaaaaaaaaaa' },
): Device {
  const id = overrides.device_id;
  const name = overrides.device_name ?? `Device ${id}`;
  const lastActive = overrides.last_active === undefined ? new Date(Date.now() - 5 * 60_000).toISOString() : overrides.last_active;
  return {
    deviceId: id,
    deviceName: name,
    platform: 'windows',
    device_type: 'remote',
    registration_method: 'token',
    capabilities: ['receive_installations'],
    is_active: true,
    is_current: false,
    is_admin: false,
    lastActive,
    created_at: '2026-01-01T00:00:00.000Z',
    connection_status: 'online',
    minutes_since_active: 5,
    location: null,
    protected_until: null,
    isInCooldown: false,
    cooldown_remaining_minutes: 0,
    arch: null,
    agent_version: null,
    ...overrides,
    duplicate_agent: overrides.duplicate_agent ?? null,
    agent_update: overrides.agent_update ?? null,
    device_name: name,
    last_active: lastActive,
  };
}

export function devicesResponse(devices: Device[], overrides: Partial<DevicesResponse> = {}): DevicesResponse {
  return {
    devices,
    seatLimit: 5,
    seatsUsed: devices.filter((device) => device.is_active).length,
    activeToday: devices.length,
    deactivationAvailableAt: null,
    ...overrides,
  };
}

/** GET /api/account for a signed-in user. */
export function makeAccount(user: User, overrides: Partial<AccountResponse> = {}): AccountResponse {
  return { ...user, careerField: null, dateOfBirth: null, receiveEmails: false, createdAt: '2026-01-01T00:00:00.000Z', ...overrides };
}

/** Zero apps in every state, whatever states the registry has. */
export const noCounts = (): ItemCounts => Object.fromEntries(ITEM_STATUSES.map((status) => [status, 0])) as ItemCounts;

export function makeInstallationItem(overrides: Partial<InstallationItem> & { itemId: string; appId: number }): InstallationItem {
  return {
    name: `App ${overrides.appId}`,
    status: 'queued',
    manager: null,
    version: null,
    exitCode: null,
    message: null,
    hasLog: false,
    updatedAt: '2026-01-02T00:00:00.000Z',
    ...overrides,
  };
}

export function makeInstallationTarget(
  overrides: Partial<InstallationTarget> & { deviceId: string; items: InstallationItem[] },
): InstallationTarget {
  return {
    targetId: `target-${overrides.deviceId}`,
    deviceName: `Device ${overrides.deviceId}`,
    platform: 'linux',
    status: 'running',
    reason: null,
    deviceOnline: true,
    deviceSeenAt: '2026-01-02T00:00:00.000Z',
    startedAt: '2026-01-02T00:00:00.000Z',
    finishedAt: null,
    nextStartBy: null,
    ...overrides,
  };
}

/** An installation as GET /api/installations/:id sends it; its counts are those of its items. */
export function makeInstallation(overrides: Partial<Installation> & { targets: InstallationTarget[] }): Installation {
  const counts = noCounts();
  for (const target of overrides.targets) for (const item of target.items) counts[item.status]++;
  return {
    id: 'inst-1',
    kind: 'install',
    status: 'running',
    listId: 'list-1',
    listName: 'Work laptop',
    createdAt: '2026-01-02T00:00:00.000Z',
    finishedAt: null,
    counts,
    ...overrides,
  };
}

/** The list form of an installation (GET /api/installations). */
export function summaryOf(installation: Installation): InstallationSummary {
  const { targets, ...rest } = installation;
  return {
    ...rest,
    devices: targets.map((target) => ({ deviceId: target.deviceId, deviceName: target.deviceName, status: target.status })),
    appNames: [...new Set(targets.flatMap((target) => target.items.map((item) => item.name)))].slice(0, 3),
  };
}

/** One row of GET /api/history: an upgrade that succeeded, unless told otherwise. */
export function makeHistoryEntry(overrides: Partial<HistoryEntry> & { id: string }): HistoryEntry {
  return {
    deviceId: 'dev_build00000001',
    deviceName: 'Build box',
    appId: 1,
    appName: 'Firefox',
    listId: 'l1',
    listName: 'Browsers',
    installationId: 'inst-1',
    kind: 'upgrade',
    outcome: 'succeeded',
    manager: 'apt',
    versionBefore: '1.0.0',
    versionAfter: '1.1.0',
    message: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** GET /catalogue/search's answer when these apps are every match, all on the first page. */
export function searchPage(apps: App[]): CatalogueSearchResponse {
  return { apps, total: apps.length, offset: 0, limit: apps.length || 30 };
}

export function driftCounts(overrides: Partial<DriftCounts> = {}): DriftCounts {
  return { machines: 0, missing: 0, extra: 0, outdated: 0, offPin: 0, ...overrides };
}

/** A group as GET /api/groups lists it. */
export function makeGroupSummary(overrides: Partial<GroupSummary> & { id: string }): GroupSummary {
  return {
    name: `Group ${overrides.id}`,
    rule: null,
    memberCount: 0,
    listCount: 0,
    drift: driftCounts(),
    removeTakenOut: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeGroupMember(overrides: Partial<GroupMember> & { deviceId: string; deviceName: string }): GroupMember {
  return { platform: 'linux', tags: [], source: 'hand', joinedAt: '2026-01-02T00:00:00.000Z', ...overrides };
}

export function makeGroupList(overrides: Partial<GroupList> & { listId: string; listName: string }): GroupList {
  return { appCount: 3, addedAt: '2026-01-02T00:00:00.000Z', ...overrides };
}

/** GET /api/groups/{id}: the counts follow the members and lists given, unless given too. */
export function makeGroup(overrides: Partial<Group> & { id: string }): Group {
  const members = overrides.members ?? [];
  const lists = overrides.lists ?? [];
  return { ...makeGroupSummary({ memberCount: members.length, listCount: lists.length, ...overrides }), members, lists };
}

/** A removal check the agent answered: it may remove the app's own package alone, unless told. */
export function makeRemovalCheck(overrides: Partial<RemovalCheck> & Pick<RemovalCheck, 'checkId' | 'deviceId'>): RemovalCheck {
  return {
    appId: 1,
    appName: 'App',
    status: 'ready',
    manager: 'apt',
    packageId: 'app',
    installedVersion: '1.0',
    removes: [{ name: overrides.packageId ?? 'app', version: '1.0' }],
    refused: null,
    purgeOffered: true,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

/** A group's removal to confirm, as GET /api/groups/{id}/removals lists it. */
export function makeGroupRemoval(overrides: Partial<GroupRemoval> & Pick<GroupRemoval, 'id' | 'appId' | 'appName'>): GroupRemoval {
  return { createdAt: new Date().toISOString(), machines: [], ...overrides };
}

/** A generation as GET /api/devices/{id}/generations lists it. */
export function makeGeneration(overrides: Partial<GenerationSummary> & { number: number }): GenerationSummary {
  return {
    kind: 'install',
    installationId: `inst-${overrides.number}`,
    rolledBackTo: null,
    changes: [],
    appCount: 1,
    createdAt: '2026-01-02T00:00:00.000Z',
    ...overrides,
  };
}

/** One step of a rollback plan: one the machine can take, at that very version, unless told. */
export function makeRollbackStep(overrides: Partial<RollbackStep> & Pick<RollbackStep, 'appId' | 'name' | 'action'>): RollbackStep {
  return { manager: 'apt', from: null, to: null, exact: true, possible: true, note: null, ...overrides };
}

/** A webhook endpoint as GET /api/webhooks lists it: on, never failed, nothing sent yet, unless told. */
export function makeWebhook(overrides: Partial<WebhookEndpoint> & { id: string }): WebhookEndpoint {
  return {
    url: `https://hooks.example.com/${overrides.id}`,
    description: '',
    events: ['installation.finished'],
    enabled: true,
    disabledReason: null,
    failingSince: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastDelivery: null,
    ...overrides,
  };
}

/** One delivery of the log: a `ping` that succeeded at its first try, unless told. */
export function makeWebhookDelivery(overrides: Partial<WebhookDelivery> & { id: string }): WebhookDelivery {
  return {
    eventId: `evt-${overrides.id}`,
    eventType: 'ping',
    status: 'succeeded',
    attempts: 1,
    createdAt: '2026-01-02T10:00:00.000Z',
    nextAttemptAt: null,
    responseStatus: 200,
    replayOf: null,
    ...overrides,
  };
}

export function makeWebhookAttempt(overrides: Partial<WebhookAttempt> = {}): WebhookAttempt {
  return { at: '2026-01-02T10:00:00.000Z', responseStatus: 200, responseBody: 'ok', error: null, durationMs: 42, ...overrides };
}

/** GET …/deliveries/{deliveryId}: the delivery with its body and attempts. */
export function makeWebhookDeliveryDetail(
  delivery: WebhookDelivery,
  overrides: Partial<Pick<WebhookDeliveryDetail, 'requestBody' | 'attemptLog'>> = {},
): WebhookDeliveryDetail {
  return {
    ...delivery,
    requestBody: JSON.stringify({ id: delivery.eventId, type: delivery.eventType, data: {} }),
    attemptLog: [makeWebhookAttempt({ responseStatus: delivery.responseStatus })],
    ...overrides,
  };
}
