import { z } from 'zod';

import { MANAGER_NAMES } from '../agent/protocol';
import { MAX_ROW_ID } from './common';
import { deviceIdSchema } from './devices';

/**
 * Removal checks: before an uninstall, the device's agent is asked what the removal would take
 * with it (apt removes the packages that depend on the one removed), and the person sees the
 * whole list before confirming. `POST /api/devices/{id}/removal-checks {appId}` asks;
 * `GET /api/devices/{id}/removal-checks/{checkId}` reads the answer; the uninstall then names
 * the check (`removalCheckId`) and may remove exactly what it listed.
 */

/** pending: the agent was asked; ready: it answered; unanswered: it did not answer in time. */
export const REMOVAL_CHECK_STATUSES = ['pending', 'ready', 'unanswered'] as const;
export type RemovalCheckStatus = (typeof REMOVAL_CHECK_STATUSES)[number];

/** How long the agent has to answer before the check is given up on. */
export const REMOVAL_CHECK_ANSWER_MS = 60_000;
/** How long an answer may be used to confirm an uninstall: the machine changes. */
export const REMOVAL_CHECK_VALID_MS = 15 * 60_000;

export const removalCheckParamsSchema = z.object({ id: deviceIdSchema, checkId: z.string().min(1).max(64) });
export const createRemovalCheckRequestSchema = z.object({ appId: z.number().int().positive().max(MAX_ROW_ID) });

export const removalCheckSchema = z.object({
  checkId: z.string(),
  deviceId: z.string(),
  appId: z.number().int(),
  appName: z.string(),
  status: z.enum(REMOVAL_CHECK_STATUSES),
  /** What the agent answered; null until it did. */
  manager: z.enum(MANAGER_NAMES).nullable(),
  packageId: z.string().nullable(),
  /** Null when the app is not installed on the machine (nothing to remove). */
  installedVersion: z.string().nullable(),
  /** Every package the removal takes: the app's own first, then the others in the manager's order. */
  removes: z.array(z.object({ name: z.string(), version: z.string() })),
  /** Why the agent will not remove it; null when it may. */
  refused: z.string().nullable(),
  /** Whether the manager can also remove the app's settings (apt purge, a cask's zap, Flatpak's data, snap --purge). */
  purgeOffered: z.boolean(),
  createdAt: z.string(),
});
export type RemovalCheck = z.infer<typeof removalCheckSchema>;
