import { z } from 'zod';

/**
 * The desktop bridge: what the Electron preload exposes to the web app as `window.loadout`.
 * One method per operation; the main process validates every argument with the schemas below,
 * because a compromised page can call the IPC channels with anything.
 */

/** IPC channel of each bridge operation (preload invokes, main handles). */
export const BRIDGE_CHANNELS = {
  getAppInfo: 'loadout:get-app-info',
  openExternal: 'loadout:open-external',
} as const;

export const EXTERNAL_URL_MAX_LENGTH = 2048;

/** True for absolute http(s) URLs, the only ones the desktop client hands to the system browser. */
export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:';
}

export const externalUrlSchema = z.string().max(EXTERNAL_URL_MAX_LENGTH).refine(isHttpUrl, 'Only http and https links can be opened');

export const desktopPlatformSchema = z.enum(['win32', 'darwin', 'linux']);
export type DesktopPlatform = z.infer<typeof desktopPlatformSchema>;

export const appInfoSchema = z.object({
  version: z.string().min(1),
  platform: desktopPlatformSchema,
  arch: z.string().min(1),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

/** The arguments each channel accepts, as a tuple: extra or missing arguments are refused. */
export const bridgeArgsSchemas = {
  getAppInfo: z.tuple([]),
  openExternal: z.tuple([externalUrlSchema]),
} as const satisfies Record<keyof typeof BRIDGE_CHANNELS, z.ZodType>;

export interface LoadoutBridge {
  /** Version of the desktop client and the OS it runs on. */
  getAppInfo(): Promise<AppInfo>;
  /** Opens an http(s) link in the system browser; rejects anything else. */
  openExternal(url: string): Promise<void>;
}
