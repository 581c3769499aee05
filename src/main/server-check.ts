import { healthResponseSchema } from '@shared/api/health';
import { enrolmentRequestSchema } from '@shared/desktop/bridge';

export type ServerCheck = { ok: true; serverUrl: string } | { ok: false; message: string };

const CHECK_TIMEOUT_MS = 10_000;

/**
 * Whether an address typed at first start (or in "Change server…") is a Loadout server this
 * computer can reach: the address's shape first, then the server's own health answer.
 */
export async function checkServer(input: unknown, fetchImpl: typeof fetch = fetch): Promise<ServerCheck> {
  const typed = typeof input === 'string' ? input.trim() : input;
  const parsed = enrolmentRequestSchema.shape.server.safeParse(typed);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Enter the address of your Loadout server' };
  const serverUrl = parsed.data;
  let response: Response;
  try {
    response = await fetchImpl(`${serverUrl}/api/health`, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS), redirect: 'error' });
  } catch {
    return { ok: false, message: `Could not reach ${serverUrl}` };
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || !healthResponseSchema.safeParse(body).success) {
    return { ok: false, message: `${serverUrl} does not answer like a Loadout server` };
  }
  return { ok: true, serverUrl };
}
