/**
 * Text the agent sends the server, made safe for the protocol's schemas: control and bidi
 * characters out (src/shared/api/common.ts refuses them), cut to the length allowed. Any module of
 * the agent may use these; they import nothing.
 */

/** What the protocol allows in one item report; longer text is cut, never refused. */
export const REPORT_LOG_MAX = 16_000;

// The characters the server's schemas refuse (src/shared/api/common.ts), one class each: linear.
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const UNSAFE_ONE_LINE = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/gu;
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const UNSAFE_MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

export function oneLine(text: string, max: number): string {
  const clean = text.replace(UNSAFE_ONE_LINE, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** The end of a log is what says why it failed: keep the last characters. */
export function logText(text: string, max = REPORT_LOG_MAX): string {
  const clean = text.replace(UNSAFE_MULTI_LINE, '');
  return clean.length > max ? clean.slice(clean.length - max) : clean;
}
