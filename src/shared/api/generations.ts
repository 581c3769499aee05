import { z } from 'zod';

import { MANAGER_NAMES } from '../package-managers';
import { MAX_ROW_ID } from './common';
import { deviceIdSchema } from './devices';

/**
 * Generations: every change Loadout makes to a machine (an installation's job that installed,
 * updated or removed something) records the machine's apps and versions after it, numbered 1,
 * 2, … per machine. Rolling back to a generation plans the installs, version changes and
 * removals that return the machine to it; the person sees the plan, chooses, and only that runs.
 */

export const GENERATION_KINDS = ['install', 'upgrade', 'uninstall', 'rollback'] as const;
export type GenerationKind = (typeof GENERATION_KINDS)[number];

export const generationAppSchema = z.object({
  appId: z.number().int(),
  name: z.string(),
  manager: z.enum(MANAGER_NAMES).nullable(),
  version: z.string().nullable(),
});
export type GenerationApp = z.infer<typeof generationAppSchema>;

/** One app's change in a generation: `from` null, it came; `to` null, it went. */
export const generationChangeSchema = z.object({
  appId: z.number().int(),
  name: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type GenerationChange = z.infer<typeof generationChangeSchema>;

export const generationSummarySchema = z.object({
  number: z.number().int(),
  kind: z.enum(GENERATION_KINDS),
  installationId: z.string().nullable(),
  /** A rollback's: the generation it returned to. */
  rolledBackTo: z.number().int().nullable(),
  changes: z.array(generationChangeSchema),
  appCount: z.number().int(),
  createdAt: z.string(),
});
export type GenerationSummary = z.infer<typeof generationSummarySchema>;

/** GET /api/devices/{id}/generations: newest first. */
export const generationsResponseSchema = z.object({ deviceId: z.string(), generations: z.array(generationSummarySchema) });
export type GenerationsResponse = z.infer<typeof generationsResponseSchema>;

/** GET /api/devices/{id}/generations/{number} */
export const generationSchema = generationSummarySchema.extend({ apps: z.array(generationAppSchema) });
export type Generation = z.infer<typeof generationSchema>;

export const generationParamsSchema = z.object({ id: deviceIdSchema, number: z.coerce.number().int().min(1).max(MAX_ROW_ID) });

/**
 * One step back to a generation: `install` an app the machine no longer has, `change` its
 * version, `remove` one that came later. `exact`: the machine's manager can install that very
 * version (apt while its sources still have it, winget, Chocolatey); otherwise the step cannot
 * restore it (`note` says why) and is not offered, except an install, which gets the newest version.
 */
export const ROLLBACK_ACTIONS = ['install', 'change', 'remove'] as const;
export const rollbackStepSchema = z.object({
  appId: z.number().int(),
  name: z.string(),
  action: z.enum(ROLLBACK_ACTIONS),
  manager: z.enum(MANAGER_NAMES).nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  exact: z.boolean(),
  /** Whether the step can run; false: shown with `note`, never run. */
  possible: z.boolean(),
  note: z.string().nullable(),
});
export type RollbackStep = z.infer<typeof rollbackStepSchema>;

/** POST /api/devices/{id}/generations/{number}/rollback/preview */
export const rollbackPreviewSchema = z.object({ deviceId: z.string(), number: z.number().int(), steps: z.array(rollbackStepSchema) });
export type RollbackPreview = z.infer<typeof rollbackPreviewSchema>;

/** POST /api/devices/{id}/generations/{number}/rollback: only the steps the person chose (their apps), as the preview planned them. */
export const rollbackRequestSchema = z.object({
  appIds: z.array(z.number().int().positive().max(MAX_ROW_ID)).min(1, 'Choose at least one app to roll back').max(500),
});
export type RollbackRequest = z.input<typeof rollbackRequestSchema>;
export const rollbackResponseSchema = z.object({ installationIds: z.array(z.string()) });
export type RollbackResponse = z.infer<typeof rollbackResponseSchema>;
