import { z } from 'zod';

import { JOB_KINDS } from '../agent/protocol';
import { isSafeSingleLine } from '../api/common';
import type { BRIDGE_CHANNELS } from './channels';

/**
 * The desktop bridge: what the Electron preload exposes to the web app as `window.loadout`.
 * One method per operation; the main process validates every argument with the schemas below,
 * because a compromised page can call the IPC channels with anything.
 */

export { AGENT_EVENT_CHANNEL, BRIDGE_CHANNELS, SERVER_SETUP_CHANNEL } from './channels';

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

function registrationCodeSchema() {
  return z
    .string()
    .max(REGISTRATION_CODE_MAX_LENGTH, `The registration code must be at most ${REGISTRATION_CODE_MAX_LENGTH} characters`)
    .regex(REGISTRATION_CODE_SHAPE, 'The registration code must be groups of letters and digits joined by dashes');
}

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
  code: registrationCodeSchema(),
});
export type EnrolmentRequest = z.infer<typeof enrolmentRequestSchema>;

/** `enroll({code})` from the window: the server is the one the window shows, never the page's choice. */
export const windowEnrolmentSchema = z.strictObject({ code: registrationCodeSchema() });
export type WindowEnrolment = z.infer<typeof windowEnrolmentSchema>;

/** SHA-256 of the OS machine id, hex: the raw id never leaves main. */
export const hardwareFingerprintSchema = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * This computer's agent as the tray and the Devices screen show it:
 * - `not-enrolled`: no credential; "Add this computer" enrols it;
 * - `offline`: enrolled, not connected (server unreachable, or reconnecting);
 * - `online`: connected and idle;
 * - `installing`: running a job, `job.done` of `job.total` apps finished.
 * `paused` (tray: Pause installs) lets the running app finish and starts no other until resumed.
 * `problem` is one sentence for the person when something needs them (a refused credential,
 * no keychain, a failed start).
 */
export const AGENT_STATES = ['not-enrolled', 'offline', 'online', 'installing'] as const;
export type AgentState = (typeof AGENT_STATES)[number];

export const agentStatusSchema = z.strictObject({
  state: z.enum(AGENT_STATES),
  paused: z.boolean(),
  server: z.string().nullable(),
  deviceId: z.string().nullable(),
  deviceName: z.string().nullable(),
  job: z
    .strictObject({
      jobId: z.string(),
      kind: z.enum(JOB_KINDS),
      done: z.number().int().nonnegative(),
      total: z.number().int().nonnegative(),
    })
    .nullable(),
  problem: z.string().nullable(),
});
export type AgentStatus = z.infer<typeof agentStatusSchema>;

export const NOT_ENROLLED: AgentStatus = {
  state: 'not-enrolled',
  paused: false,
  server: null,
  deviceId: null,
  deviceName: null,
  job: null,
  problem: null,
};

/** How each app of a finished job ended, counted. */
export const jobTallySchema = z.strictObject({
  succeeded: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
});
export type JobTally = z.infer<typeof jobTallySchema>;

export const agentEventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('status'), status: agentStatusSchema }),
  z.strictObject({
    type: z.literal('job.finished'),
    jobId: z.string(),
    kind: z.enum(JOB_KINDS),
    total: z.number().int().nonnegative(),
    tally: jobTallySchema,
  }),
]);
export type AgentEvent = z.infer<typeof agentEventSchema>;

/**
 * Enrolment fails for reasons the person must read (an expired code, the device limit): the
 * answer says so as data, because an Error loses everything but its message crossing the
 * context bridge. `code` is the server's error code when it gave one.
 */
export const enrolmentResultSchema = z.discriminatedUnion('ok', [
  z.strictObject({ ok: z.literal(true), status: agentStatusSchema }),
  z.strictObject({ ok: z.literal(false), code: z.string().nullable(), message: z.string() }),
]);
export type EnrolmentResult = z.infer<typeof enrolmentResultSchema>;

/** The arguments each channel accepts, as a tuple: extra or missing arguments are refused. */
export const bridgeArgsSchemas = {
  getAppInfo: z.tuple([]),
  openExternal: z.tuple([externalUrlSchema]),
  getHardwareFingerprint: z.tuple([]),
  getAgentStatus: z.tuple([]),
  enroll: z.tuple([windowEnrolmentSchema]),
  unenroll: z.tuple([]),
} as const satisfies Record<keyof typeof BRIDGE_CHANNELS, z.ZodType>;

export type AgentEventListener = (event: AgentEvent) => void;

export interface LoadoutBridge {
  /** Version of the desktop client and the OS it runs on. */
  getAppInfo(): Promise<AppInfo>;
  /** Opens an http(s) link in the system browser; rejects anything else. */
  openExternal(url: string): Promise<void>;
  /** This computer's hardware fingerprint (hashed machine id), null when the OS gives none. */
  getHardwareFingerprint(): Promise<string | null>;
  getAgentStatus(): Promise<AgentStatus>;
  /** Enrols this computer with the window's server using a registration code, then runs its agent. */
  enroll(request: WindowEnrolment): Promise<EnrolmentResult>;
  /** Stops the agent and forgets this computer's credential (the server's device stays until deactivated). */
  unenroll(): Promise<AgentStatus>;
  /** Calls the listener on every agent event; returns the function that stops it. */
  onAgentEvent(listener: AgentEventListener): () => void;
}

/** The bridge operations that are IPC calls (onAgentEvent is a subscription, not a call). */
export type BridgeCall = keyof typeof BRIDGE_CHANNELS;
