// The built Linux x64 program runs here: it must start and say its version with no Node.js on PATH.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { run } from './run.mjs';

/** `--version` in an empty environment whose PATH is an empty folder. */
export function runWithoutNode(executable, args) {
  const emptyPath = mkdtempSync(join(tmpdir(), 'loadout-no-node-'));
  try {
    return run(executable, args, { env: { PATH: emptyPath } });
  } finally {
    rmSync(emptyPath, { recursive: true, force: true });
  }
}

export function smokeTest(executable, version) {
  const said = runWithoutNode(executable, ['--version']).trim();
  if (said !== version) throw new Error(`${executable} --version said "${said}", not "${version}"`);
}
