import { readFile, rm } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { z } from 'zod';

import { AGENT_UPDATE_STATES } from '@shared/agent/protocol';

import { writePrivateJson } from '../config-store';

/** The swap that waits for the new program's first welcome; past `deadline` the watchdog undoes it. */
export const pendingSchema = z.object({
  version: z.string(),
  /** The version that ran before, which a rollback returns to. */
  from: z.string(),
  previous: z.string(),
  deadline: z.string(),
});
export type PendingUpdate = z.infer<typeof pendingSchema>;

export const holdSchema = z.object({ version: z.string(), until: z.string(), reason: z.string() });
export type UpdateHold = z.infer<typeof holdSchema>;

export const reportSchema = z.object({ state: z.enum(AGENT_UPDATE_STATES), version: z.string(), message: z.string() });
export type UpdateReport = z.infer<typeof reportSchema>;

/** The file's value, or null when it is missing or not what it should be (a damaged file is no instruction). */
export async function readState<T>(file: string, schema: z.ZodType<T>): Promise<T | null> {
  try {
    const parsed = schema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Written whole or not at all (temporary file and rename), 0600 in the 0700 config folder. */
export function writeState(file: string, value: unknown): Promise<void> {
  return writePrivateJson(dirname(file), basename(file), value);
}

export function removeState(file: string): Promise<void> {
  return rm(file, { force: true });
}
