// Absolute paths, so the build works from any working directory (npm runs scripts from the root, tests may not).
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const fromRoot = (path) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
export const NODE_CACHE = fromRoot('.cache/node-binaries');
export const NATIVE_DIR = fromRoot('dist/agent/native');
