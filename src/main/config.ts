import { z } from 'zod';

import { isHttpUrl } from '@shared/desktop/bridge';

export const DEFAULT_SERVER_URL = 'http://localhost:3000';

const envSchema = z.object({
  LOADOUT_SERVER_URL: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined),
    z.string().refine(isHttpUrl, 'LOADOUT_SERVER_URL must be an http(s) URL such as http://localhost:3000').default(DEFAULT_SERVER_URL),
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

/** Reads the desktop client's settings from the environment; a bad value stops start. */
export function readDesktopConfig(env: NodeJS.ProcessEnv): DesktopConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new DesktopConfigError(parsed.error.issues.map((issue) => issue.message).join('\n'));
  }
  const serverUrl = parsed.data.LOADOUT_SERVER_URL;
  return { serverUrl, appOrigin: new URL(serverUrl).origin };
}
