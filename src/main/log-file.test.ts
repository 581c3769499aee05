import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

import { openLogFile } from './log-file';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const write = (stream: ReturnType<typeof openLogFile>, text: string) => new Promise<void>((resolve) => stream.end(text, () => resolve()));

describe('openLogFile', () => {
  it('creates the folder and appends', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'loadout-log-')), 'logs');
    dirs.push(dir);
    await write(openLogFile(dir, 'agent.log'), 'one\n');
    await write(openLogFile(dir, 'agent.log'), 'two\n');
    expect(readFileSync(join(dir, 'agent.log'), 'utf8')).toBe('one\ntwo\n');
  });

  it('starts afresh past its size, keeping the previous log as .old', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loadout-log-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'agent.log'), 'x'.repeat(20));
    await write(openLogFile(dir, 'agent.log', 10), 'new\n');
    expect(readFileSync(join(dir, 'agent.log'), 'utf8')).toBe('new\n');
    expect(readFileSync(join(dir, 'agent.log.old'), 'utf8')).toBe('x'.repeat(20));
  });
});
