import { buildAgentIfStale } from '../../scripts/agent-build.mjs';
import { buildWebIfStale } from '../../scripts/web-build.mjs';

/** Browser tests run against the built web app and the built agent: build them when missing or stale. */
export async function setup(): Promise<void> {
  buildWebIfStale();
  await buildAgentIfStale();
}
