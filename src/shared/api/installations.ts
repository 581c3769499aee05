import { z } from 'zod';

import { JOB_KINDS, MANAGER_NAMES } from '../agent/protocol';
import { INSTALLATION_STATUSES, ITEM_STATUSES, TARGET_STATUSES, type ItemStatus } from '../installation-states';
import { packageSource, perPackageField, type PackageIdField, type RealManagerName } from '../package-managers';
import { MAX_ROW_ID } from './common';
import { deviceIdSchema } from './devices';

/**
 * Installations (docs/decisions.md#installations): one installation of a list (or of some apps)
 * onto some devices, with a target per device — the job its agent runs — and an item per app
 * per device.
 */

// The states and how they move: src/shared/installation-states.ts.
export {
  INSTALLATION_STATUSES,
  ITEM_STATUSES,
  TARGET_STATUSES,
  type InstallationStatus,
  type ItemStatus,
  type TargetStatus,
} from '../installation-states';

export const JOB_EXPIRY_DAYS = 7;

/**
 * A running job ends once its device's agent has not been heard from this long: the agent's
 * own limit on one package-manager call (30 minutes) and a margin. Its agent still reports
 * what it did when it returns (AWAY_ENDED_REASON).
 */
export const RUNNING_JOB_AWAY_LIMIT_MS = 45 * 60_000;
/** The reason of a running job ended so; its unfinished apps fail with it as their message until the agent's late report. */
export const AWAY_ENDED_REASON = 'The device went offline during the installation; its agent will report what it did when it returns';

export const installationItemSchema = z.object({
  itemId: z.string(),
  appId: z.number().int(),
  name: z.string(),
  status: z.enum(ITEM_STATUSES),
  manager: z.enum(MANAGER_NAMES).nullable(),
  version: z.string().nullable(),
  exitCode: z.number().int().nullable(),
  /** For people: "Not available on Linux", "Already installed (2.10-3)", "Not found in the apt sources". */
  message: z.string().nullable(),
  /** The package manager's output is kept for a failed app: GET …/items/{itemId}/log. */
  hasLog: z.boolean(),
  updatedAt: z.string(),
});
export type InstallationItem = z.infer<typeof installationItemSchema>;

export const installationTargetSchema = z.object({
  targetId: z.string(),
  deviceId: z.string(),
  deviceName: z.string(),
  platform: z.string(),
  status: z.enum(TARGET_STATUSES),
  /** Why it ended as it did: "No agent took this job within 7 days". */
  reason: z.string().nullable(),
  /** Whether the device's agent is connected right now ("waiting for device" when not). */
  deviceOnline: z.boolean(),
  /** When the device's agent was last heard from ("offline since 14:02"); null: never. */
  deviceSeenAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Made "at its next start": the deadline by which the machine must start or connect again; null otherwise. */
  nextStartBy: z.string().nullable(),
  items: z.array(installationItemSchema),
});
export type InstallationTarget = z.infer<typeof installationTargetSchema>;

export const itemCountsSchema = z.object(
  Object.fromEntries(ITEM_STATUSES.map((status) => [status, z.number().int()])) as Record<ItemStatus, z.ZodNumber>,
);
export type ItemCounts = z.infer<typeof itemCountsSchema>;

export const installationSchema = z.object({
  id: z.string(),
  kind: z.enum(JOB_KINDS),
  status: z.enum(INSTALLATION_STATUSES),
  listId: z.string().nullable(),
  /** The list's name when it was installed (the list may be renamed or deleted since). */
  listName: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  counts: itemCountsSchema,
  targets: z.array(installationTargetSchema),
});
export type Installation = z.infer<typeof installationSchema>;

/** GET /api/installations: newest first, without items. */
/** How many app names a summary carries: enough to name an installation of single apps ("Uninstall Firefox"). */
export const SUMMARY_APP_NAMES = 3;

export const installationSummarySchema = installationSchema.omit({ targets: true }).extend({
  devices: z.array(z.object({ deviceId: z.string(), deviceName: z.string(), status: z.enum(TARGET_STATUSES) })),
  /** The first SUMMARY_APP_NAMES apps' names, each once; `counts` says how many there are in all. */
  appNames: z.array(z.string()),
});
export type InstallationSummary = z.infer<typeof installationSummarySchema>;
export const installationsResponseSchema = z.object({ installations: z.array(installationSummarySchema) });

const appIdsSchema = z.array(z.number().int().positive().max(MAX_ROW_ID)).min(1, 'Choose at least one app').max(200);
const deviceIdsSchema = z.array(deviceIdSchema).min(1, 'Choose at least one device').max(100);

/** POST /api/installations (header Idempotency-Key optional): a list, or some apps, onto devices. */
export const createInstallationRequestSchema = z
  .object({
    listId: z.string().min(1).max(64).optional(),
    appIds: appIdsSchema.optional(),
    deviceIds: deviceIdsSchema,
    kind: z.enum(JOB_KINDS).default('install'),
    /**
     * An uninstall of one app on one device that the person confirmed after seeing what it
     * removes (src/shared/api/removal-checks.ts): it may remove exactly the packages listed.
     * Without it, an uninstall removes the app's own package only, or nothing.
     */
    removalCheckId: z.string().min(1).max(64).optional(),
    /**
     * The app's name as the person typed it: asked when the confirmed check's removal takes more
     * than CONFIRM_BY_NAME_ABOVE_OTHERS other packages (src/shared/removal-confirmation.ts).
     */
    confirmName: z.string().max(200).optional(),
    /** Also remove the app's settings, where the check said the manager can; only with a removal check. */
    purge: z.boolean().optional(),
    /**
     * "When the machine next starts or connects": not now, even on a machine online now; at its
     * agent's next connection (a restart, a boot, a reconnection) before the deadline, else it
     * is cancelled and the owner told.
     */
    atNextStart: z.object({ deadline: z.iso.datetime({ offset: true, error: 'The deadline must be a date and time' }) }).optional(),
  })
  .refine((body) => (body.listId === undefined) !== (body.appIds === undefined), {
    message: 'Give either listId or appIds',
    path: ['listId'],
  })
  .refine((body) => body.removalCheckId === undefined || body.kind === 'uninstall', {
    message: 'Only an uninstall names a removal check',
    path: ['removalCheckId'],
  })
  .refine((body) => body.removalCheckId !== undefined || (body.purge === undefined && body.confirmName === undefined), {
    message: 'Removing settings, or confirming by name, is for an uninstall confirmed from a removal check',
    path: ['purge'],
  });
export type CreateInstallationRequest = z.input<typeof createInstallationRequestSchema>;

/** How far ahead a next-start installation's deadline may be. */
export const NEXT_START_DEADLINE_MAX_DAYS = 30;

export const installationIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const installationItemParamsSchema = z.object({ id: z.string().min(1).max(64), itemId: z.string().min(1).max(64) });
export const installationItemLogSchema = z.object({
  log: z.string(),
  exitCode: z.number().int().nullable(),
  message: z.string().nullable(),
});

/** POST /api/installations/preview: what each device would do, before anything is created. */
export const PREVIEW_ACTIONS = ['install', 'already_installed', 'unavailable'] as const;
export const previewRequestSchema = z.object({ listId: z.string().min(1).max(64), deviceIds: deviceIdsSchema });
export const previewResponseSchema = z.object({
  devices: z.array(
    z.object({
      deviceId: z.string(),
      deviceName: z.string(),
      platform: z.string(),
      /** When the device last reported its inventory; null: "already installed" cannot be known yet. */
      inventoryCheckedAt: z.string().nullable(),
      items: z.array(
        z.object({
          appId: z.number().int(),
          name: z.string(),
          action: z.enum(PREVIEW_ACTIONS),
          manager: z.enum(MANAGER_NAMES).nullable(),
          /** The exact package the manager installs (or found installed); null when the app is not available there. */
          packageId: z.string().nullable(),
          installedVersion: z.string().nullable(),
          reason: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type PreviewResponse = z.infer<typeof previewResponseSchema>;

/** GET /api/devices/{id}/inventory: the catalogue apps the device's agent found installed. */
export const deviceInventorySchema = z.object({
  checkedAt: z.string().nullable(),
  apps: z.array(
    z.object({
      appId: z.number().int(),
      name: z.string(),
      manager: z.enum(MANAGER_NAMES),
      packageId: z.string(),
      installedVersion: z.string(),
      availableVersion: z.string().nullable(),
      /**
       * The version the owner pinned the app at in one of their lists: updates leave it there, so
       * the screens show "Pinned at 1.2.3" instead of an Update button (docs/pinned-versions.md).
       */
      pinnedVersion: z.string().nullable(),
      /**
       * Whether the person chose it for this machine: it is in one of their lists, or Loadout
       * installed it here. Only such apps are offered for removal.
       */
      chosen: z.boolean(),
      /**
       * An update that ran and left the app at its version (or that its manager kept back): the
       * newer version is not offered on this machine until a newer one comes or the owner asks
       * to try again. Null when no update is held.
       */
      heldUpdate: z.object({ version: z.string(), message: z.string(), since: z.string() }).nullable(),
      /** The newer version is a security update (apt's security suite); false when not, or when the manager cannot tell. */
      securityUpdate: z.boolean(),
    }),
  ),
});
export type DeviceInventory = z.infer<typeof deviceInventorySchema>;

/** POST /api/devices/{id}/inventory/refresh ("Check now"): the agent was asked; its answer arrives on the event stream. */
export const inventoryRefreshResponseSchema = z.object({ success: z.literal(true), requested: z.literal(true) });
export type InventoryRefreshResponse = z.infer<typeof inventoryRefreshResponseSchema>;

/**
 * GET /api/lists/{id}/status: per device the list was installed onto, where each of its apps
 * stands by the device's last inventory. `unknown` says why: no inventory yet, or no package
 * of the app for the device's platform.
 */
export const LIST_APP_STATES = ['installed', 'outdated', 'missing', 'unknown'] as const;
export const LIST_APP_UNKNOWN_REASONS = ['no_inventory', 'not_available'] as const;
export const listStatusSchema = z.object({
  listId: z.string(),
  listName: z.string(),
  devices: z.array(
    z.object({
      deviceId: z.string(),
      deviceName: z.string(),
      platform: z.string(),
      /** Whether the device's agent is connected now ("Check now" works). */
      online: z.boolean(),
      /** When the device last reported its inventory; null: never, every app is unknown. */
      inventoryCheckedAt: z.string().nullable(),
      apps: z.array(
        z.object({
          appId: z.number().int(),
          name: z.string(),
          state: z.enum(LIST_APP_STATES),
          /** The manager that reported it (installed, outdated); null otherwise. */
          manager: z.enum(MANAGER_NAMES).nullable(),
          installedVersion: z.string().nullable(),
          /** The newer version the manager offers (outdated only). */
          availableVersion: z.string().nullable(),
          unknownReason: z.enum(LIST_APP_UNKNOWN_REASONS).nullable(),
        }),
      ),
    }),
  ),
});
export type ListStatus = z.infer<typeof listStatusSchema>;

/**
 * GET /api/lists/status: each list at a glance, for the list cards. Counts of apps across the
 * devices the list is on (one app on two devices counts twice); `unchecked` are those whose
 * device has not reported, not those unavailable on its platform.
 */
export const listStatusSummarySchema = z.object({
  lists: z.array(
    z.object({
      listId: z.string(),
      devices: z.number().int(),
      installed: z.number().int(),
      outdated: z.number().int(),
      missing: z.number().int(),
      unchecked: z.number().int(),
    }),
  ),
});
export type ListStatusSummary = z.infer<typeof listStatusSummarySchema>;

/** Which package manager installs each of the catalogue's package ids. */
export const PACKAGE_ID_MANAGERS: Readonly<Record<PackageIdField, RealManagerName>> = perPackageField(
  (field) => packageSource(field).manager,
);
