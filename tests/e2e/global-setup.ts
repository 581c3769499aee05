import { buildWebIfStale } from '../../scripts/web-build.mjs';

/** Browser tests run against the built web app: build it first when it is missing or stale. */
export function setup(): void {
  buildWebIfStale();
}
