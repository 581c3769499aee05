import { z } from 'zod';

import { enrolmentRequestSchema } from '@shared/desktop/bridge';

import type { DesktopSettings } from './settings';

const serverSchema = enrolmentRequestSchema.shape.server;

const envSchema = z.object({
  LOADOUT_SERVER_URL: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined),
    z
      .string()
      .pipe(
        z
          .string()
          .refine(
            (value) => serverSchema.safeParse(value).success,
            'LOADOUT_SERVER_URL must be an http(s) URL such as http://localhost:3000',
          ),
      )
      .optional(),
  ),
});

export interface DesktopConfig {
  /** The page the window opens: the Loadout web app served by the server. */
  serverUrl: string;
  /** The only origin the window may show and the bridge may answer. */
  appOrigin: string;
}

export class DesktopConfigError extends Error {
  override readonly name = 'DesktopConfigError';
}

export function configFor(serverUrl: string): DesktopConfig {
  const normalized = serverSchema.parse(serverUrl);
  return { serverUrl: normalized, appOrigin: new URL(normalized).origin };
}

/**
 * The server the window shows: LOADOUT_SERVER_URL (a fixed deployment, development, tests), else
 * the one chosen in the client (first start, a loadout:// link, "Change server…"); null when
 * neither is set and the person must be asked. A bad environment value stops start.
 */
export function readDesktopConfig(env: NodeJS.ProcessEnv, settings: DesktopSettings = {}): DesktopConfig | null {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new DesktopConfigError(parsed.error.issues.map((issue) => issue.message).join('\n'));
  }
  const serverUrl = parsed.data.LOADOUT_SERVER_URL ?? settings.serverUrl;
  return serverUrl === undefined ? null : configFor(serverUrl);
}
