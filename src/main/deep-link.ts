import { isSafeSingleLine } from '@shared/api/common';
import { enrolmentRequestSchema, type EnrolmentRequest } from '@shared/desktop/bridge';

/**
 * `loadout://enroll?server=…&code=…` links, offered by the registration page and opened by the
 * OS. Anyone can put such a link on a web page, so it is untrusted input like any request:
 * exactly one form is accepted and everything else is refused with a reason the user can read.
 * `DesktopController` (desktop-controller.ts) handles them.
 */

export const DEEP_LINK_PROTOCOL = 'loadout:';
/** Room for a percent-encoded server address at its cap and a code; a longer link is not ours. */
export const DEEP_LINK_MAX_LENGTH = 2048;

const ENROL_HOST = 'enroll';
const PARAMETERS = ['server', 'code'] as const;

export type DeepLinkResult = { ok: true; request: EnrolmentRequest } | { ok: false; reason: string };

const refuse = (reason: string): DeepLinkResult => ({ ok: false, reason });

function isDeepLinkArgument(argument: string): boolean {
  return argument.slice(0, DEEP_LINK_PROTOCOL.length).toLowerCase() === DEEP_LINK_PROTOCOL;
}

/** Parses one link; never throws. */
export function parseEnrolmentLink(link: string): DeepLinkResult {
  if (link.length > DEEP_LINK_MAX_LENGTH) return refuse(`The link is longer than ${DEEP_LINK_MAX_LENGTH} characters`);
  // Before `new URL`, which silently drops tabs and line breaks.
  if (!isSafeSingleLine(link)) return refuse('The link contains control characters');
  if (!isDeepLinkArgument(link) || !URL.canParse(link)) return refuse('Not a loadout:// link');
  const url = new URL(link);
  if (url.protocol !== DEEP_LINK_PROTOCOL) return refuse('Not a loadout:// link');
  if (url.username !== '' || url.password !== '' || url.port !== '' || url.hash !== '')
    return refuse('The link carries parts an enrolment link does not have');
  // `loadout://enroll?…`; Windows may add a slash before the query.
  if (url.hostname.toLowerCase() !== ENROL_HOST || (url.pathname !== '' && url.pathname !== '/'))
    return refuse('The link is not an enrolment link (loadout://enroll?server=…&code=…)');

  const seen = new Map<string, string>();
  for (const [key, value] of url.searchParams) {
    if (!PARAMETERS.some((name) => name === key)) return refuse(`The link has an unknown parameter "${key.slice(0, 32)}"`);
    if (seen.has(key)) return refuse(`The link gives "${key}" more than once`);
    seen.set(key, value);
  }
  for (const name of PARAMETERS) {
    if (!seen.has(name)) return refuse(`The link has no "${name}"`);
  }

  const parsed = enrolmentRequestSchema.safeParse(Object.fromEntries(seen));
  if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? 'The link is not a valid enrolment link');
  return { ok: true, request: parsed.data };
}

/**
 * The link among a command line (cold start on Windows and Linux, or a second instance's argv),
 * null when there is none. Chromium may add switches around it, so it is found by its scheme;
 * two links are refused rather than one picked.
 */
export function enrolmentLinkFromArgv(argv: readonly string[]): DeepLinkResult | null {
  const links = argv.filter(isDeepLinkArgument);
  if (links.length === 0) return null;
  if (links.length > 1) return refuse('More than one loadout:// link was given');
  return parseEnrolmentLink(links[0] ?? '');
}
