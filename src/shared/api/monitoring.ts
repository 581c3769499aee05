import { z } from 'zod';

import { MANAGER_NAMES } from '../agent/protocol';

/** How many changed versions one check-in keeps; a larger change says how many more there were. */
export const CHECK_IN_CHANGES_KEPT = 50;
/** A machine whose agent has not reported for this long is "silent" (advanced monitoring's alert). */
export const SILENT_AFTER_HOURS = 24;

export const CHECK_IN_KINDS = ['connected', 'inventory'] as const;

/** One version that moved between two inventories: installed (from null), removed (to null) or changed. */
export const versionChangeSchema = z.object({
  /** The catalogue app's name, or the package id when the app has left the catalogue. */
  name: z.string(),
  manager: z.enum(MANAGER_NAMES),
  packageId: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type VersionChange = z.infer<typeof versionChangeSchema>;

export const checkInSchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(CHECK_IN_KINDS),
  /** Connected: the agent's version. */
  agentVersion: z.string().nullable(),
  /** Inventory: how many of the catalogue's packages were installed, and how many out of date. */
  apps: z.number().int().nullable(),
  outdated: z.number().int().nullable(),
  changes: z.array(versionChangeSchema),
  /** Changes beyond the ones kept. */
  moreChanges: z.number().int(),
});
export type CheckIn = z.infer<typeof checkInSchema>;

/** GET /api/devices/{id}/check-ins (advanced monitoring): newest first, within the plan's history days. */
export const deviceCheckInsResponseSchema = z.object({
  keptDays: z.number().int(),
  checkIns: z.array(checkInSchema),
});
export type DeviceCheckInsResponse = z.infer<typeof deviceCheckInsResponseSchema>;
