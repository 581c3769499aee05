import { join } from 'node:path';
import { z } from 'zod';

import { enrolmentRequestSchema } from '@shared/desktop/bridge';

import { readJsonFile, writePrivateJson } from '../agent/config-store';

/** The desktop client's own choices, in userData/settings.json (no secret: the credential has its own file). */
export const SETTINGS_FILE = 'settings.json';

const settingsSchema = z.object({
  /** The server the window shows and this computer enrols with. */
  serverUrl: enrolmentRequestSchema.shape.server.optional(),
  /** Start with the OS session (tray only). Unset until the first enrolment turns it on. */
  startAtLogin: z.boolean().optional(),
  /** This computer's agent runs as the system service (the client follows it). */
  systemService: z.boolean().optional(),
  /** The person was asked once whether to run the agent as a system service. */
  serviceOffered: z.boolean().optional(),
});
export type DesktopSettings = z.infer<typeof settingsSchema>;

export class SettingsStore {
  readonly file: string;

  constructor(private readonly dir: string) {
    this.file = join(dir, SETTINGS_FILE);
  }

  /** The settings; a missing or damaged file gives the defaults (nothing in it is worth refusing to start over). */
  async load(): Promise<DesktopSettings> {
    try {
      const json = await readJsonFile(this.file, (message) => new Error(message), 'the defaults are used');
      const parsed = settingsSchema.safeParse(json ?? {});
      return parsed.success ? parsed.data : {};
    } catch {
      return {};
    }
  }

  async update(patch: DesktopSettings): Promise<DesktopSettings> {
    const next = { ...(await this.load()), ...patch };
    await writePrivateJson(this.dir, SETTINGS_FILE, settingsSchema.parse(next));
    return next;
  }
}
