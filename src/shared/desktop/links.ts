/**
 * The `loadout://enroll` link the registration page offers: it opens the desktop client, which
 * asks the person and then enrols with that server and code (src/main/deep-link.ts parses it).
 * Zod-free: the web app builds it on a page of its own.
 */
export function enrolmentDeepLink(server: string, code: string): string {
  return `loadout://enroll?server=${encodeURIComponent(server)}&code=${encodeURIComponent(code)}`;
}
