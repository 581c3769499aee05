import { z } from 'zod';

import { isSafeSingleLine } from '../api/common';

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

export const ENROLMENT_SERVER_MAX_LENGTH = 512;
/** Codes are 35 characters (`K7QM2-…`, six groups of five); the cap leaves room and no more. */
export const REGISTRATION_CODE_MAX_LENGTH = 64;
/** Groups of letters and digits joined by single dashes; the dash between groups keeps it linear. */
const REGISTRATION_CODE_SHAPE = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/;

/**
 * A server the desktop client may enrol with: an absolute http(s) address with no user:password,
 * query or fragment. Credentials in a link would be sent to that server with every request, and
 * a query or fragment has no meaning in a base address.
 */
export function isEnrolmentServerUrl(value: string): boolean {
  if (!isHttpUrl(value)) return false;
  const url = new URL(value);
  return url.username === '' && url.password === '' && url.search === '' && url.hash === '' && !value.includes('@');
}

/** The server as one address: origin and path without a trailing slash (what the agent stores). */
export function normalizeServerUrl(value: string): string {
  const url = new URL(value);
  let path = url.pathname;
  while (path.endsWith('/')) path = path.slice(0, -1);
  return `${url.origin}${path}`;
}

/**
 * An enrolment request `{server, code}` as a `loadout://enroll` link or the window hands it to
 * main. Checked on the raw text: `new URL` silently drops tabs and line breaks, so control
 * characters are refused before it parses anything.
 */
export const enrolmentRequestSchema = z.strictObject({
  server: z
    .string()
    .max(ENROLMENT_SERVER_MAX_LENGTH, `The server address must be at most ${ENROLMENT_SERVER_MAX_LENGTH} characters`)
    .refine(isSafeSingleLine, 'The server address must not contain control characters')
    .refine(isEnrolmentServerUrl, 'The server must be an http(s) address without a user name, password, query or fragment')
    .transform(normalizeServerUrl),
  code: z
    .string()
    .max(REGISTRATION_CODE_MAX_LENGTH, `The registration code must be at most ${REGISTRATION_CODE_MAX_LENGTH} characters`)
    .regex(REGISTRATION_CODE_SHAPE, 'The registration code must be groups of letters and digits joined by dashes'),
});
export type EnrolmentRequest = z.infer<typeof enrolmentRequestSchema>;

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
