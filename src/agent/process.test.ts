import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { formatDuration, LineSplitter, runCommand, TailBuffer } from './process';

const node = (script: string, timeoutMs = 10_000, extra: Partial<Parameters<typeof runCommand>[2]> = {}) =>
  runCommand(process.execPath, ['-e', script], { timeoutMs, ...extra });

/** A killed process whose parent is gone may linger as a zombie until init reaps it: that counts as stopped. */
function isRunning(pid: number): boolean {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.charAt(0);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

describe('runCommand', () => {
  it('returns the exit code and both streams, interleaved in the output', async () => {
    const result = await node("process.stdout.write('out\\n'); process.stderr.write('err\\n'); process.exit(3)");
    expect(result).toMatchObject({ exitCode: 3, signal: null, timedOut: false, aborted: false, spawnError: null, stdout: 'out\n' });
    expect(result.output).toContain('out\n');
    expect(result.output).toContain('err\n');
  });

  it('passes arguments as they are, with no shell to interpret them', async () => {
    const tricky = '$(echo hacked); rm -rf / `id` "quoted" \'single\'';
    const result = await runCommand(process.execPath, ['-e', 'process.stdout.write(process.argv[1])', tricky], { timeoutMs: 10_000 });
    expect(result.stdout).toBe(tricky);
  });

  it('writes `input` to the program and closes it; without it the program reads nothing', async () => {
    const echo =
      'let text = ""; process.stdin.on("data", (c) => (text += c)); process.stdin.on("end", () => process.stdout.write(`[${text}]`))';
    expect((await runCommand(process.execPath, ['-e', echo], { timeoutMs: 10_000, input: 'hello hold\n' })).stdout).toBe('[hello hold\n]');
    expect((await runCommand(process.execPath, ['-e', echo], { timeoutMs: 10_000 })).stdout).toBe('[]');
    // A program that exits before reading a large input leaves the agent unharmed.
    const early = await runCommand(process.execPath, ['-e', 'process.exit(4)'], { timeoutMs: 10_000, input: 'x'.repeat(4 * 1024 * 1024) });
    expect(early).toMatchObject({ exitCode: 4, spawnError: null });
  });

  it('applies the environment override and can remove a variable', async () => {
    process.env.LOADOUT_TEST_REMOVE_ME = 'present';
    const result = await node("process.stdout.write(`${process.env.LC_ALL}|${process.env.LOADOUT_TEST_REMOVE_ME ?? 'gone'}`)", 10_000, {
      env: { LC_ALL: 'C', LOADOUT_TEST_REMOVE_ME: undefined },
    });
    delete process.env.LOADOUT_TEST_REMOVE_ME;
    expect(result.stdout).toBe('C|gone');
  });

  it('kills the process tree on timeout and says so', async () => {
    // The child starts a grandchild that would outlive it; both must be gone.
    const script = `
      const { spawn } = require('node:child_process');
      const grandchild = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      process.stdout.write(String(grandchild.pid) + '\\n');
      setInterval(() => {}, 1000);`;
    const result = await node(script, 500, { killGraceMs: 500 });
    expect(result.timedOut).toBe(true);
    expect(result.exitCode).toBeNull();
    expect(result.signal).toBe('SIGTERM');
    const grandchildPid = Number(result.stdout.trim());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(isRunning(grandchildPid)).toBe(false);
  });

  it('stops when the abort signal fires', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const result = await node('setInterval(() => {}, 1000)', 10_000, { signal: controller.signal });
    expect(result).toMatchObject({ aborted: true, timedOut: false, exitCode: null });
  });

  it('does not start when the signal has already fired', async () => {
    const result = await node('process.exit(0)', 10_000, { signal: AbortSignal.abort() });
    expect(result).toMatchObject({ aborted: true, exitCode: null, output: '' });
  });

  it('reports a program that does not exist instead of throwing', async () => {
    const result = await runCommand('loadout-no-such-program', ['--version'], { timeoutMs: 5_000 });
    expect(result).toMatchObject({ spawnError: 'ENOENT', exitCode: null });
  });

  it('keeps huge output bounded: the tail of the combined output, the head of stdout', async () => {
    // 40 MiB in all. The two pipes are read independently, so only each stream's own order is certain.
    const script = `
      const line = 'x'.repeat(1023) + '\\n';
      const block = line.repeat(1024);
      for (let i = 0; i < 20; i++) process.stderr.write(block);
      setTimeout(() => {
        for (let i = 0; i < 20; i++) process.stdout.write(block);
        process.stdout.write('THE END\\n');
      }, 300);`;
    const result = await node(script, 30_000, { tailBytes: 64 * 1024, stdoutCapBytes: 256 * 1024 });
    expect(result.exitCode).toBe(0);
    expect(result.output.length).toBe(64 * 1024);
    expect(result.output.endsWith('x\nTHE END\n')).toBe(true);
    expect(result.stdout.length).toBe(256 * 1024);
    expect(result.stdout.startsWith('xxx')).toBe(true);
    expect(result.stdoutTruncated).toBe(true);
  }, 30_000);

  it('normalises exit codes to unsigned 32-bit numbers', async () => {
    const result = await node('process.exit(255)');
    expect(result.exitCode).toBe(255);
  });

  it('hands each stdout line to onLine as it arrives, before the program ends, and still keeps the output', async () => {
    const seen: string[] = [];
    const started = performance.now();
    let firstAt = Infinity;
    const result = await node(
      "process.stdout.write('pmstatus:a:10:Unpacking a\\nhalf'); setTimeout(() => { process.stdout.write(' line\\r\\nlast'); }, 300)",
      10_000,
      {
        onLine: (line) => {
          seen.push(line);
          if (line.startsWith('pmstatus:a')) firstAt = Math.min(firstAt, performance.now() - started);
        },
      },
    );
    expect(seen).toEqual(['pmstatus:a:10:Unpacking a', 'half line', 'last']);
    // The first line came while the program still had 300 ms to go.
    expect(firstAt).toBeLessThan(result.durationMs - 150);
    expect(result.stdout).toBe('pmstatus:a:10:Unpacking a\nhalf line\r\nlast');
  });
});

describe('LineSplitter', () => {
  it('cuts lines across chunks, and a line without an end at the cap, so memory stays bounded', () => {
    const lines: string[] = [];
    const splitter = new LineSplitter((line) => lines.push(line), 8);
    for (const part of ['ab', 'c\nde', 'f\n', 'x'.repeat(100_000), 'y\nz']) splitter.push(Buffer.from(part));
    splitter.end();
    expect(lines).toEqual(['abc', 'def', 'xxxxxxxx', 'z']);
  });

  it('keeps a character split between two chunks whole', () => {
    const lines: string[] = [];
    const splitter = new LineSplitter((line) => lines.push(line));
    const bytes = Buffer.from('é\n');
    splitter.push(bytes.subarray(0, 1));
    splitter.push(bytes.subarray(1));
    expect(lines).toEqual(['é']);
  });

  it('goes on when a listener throws', () => {
    const lines: string[] = [];
    const splitter = new LineSplitter((line) => {
      lines.push(line);
      throw new Error('listener broke');
    });
    splitter.push(Buffer.from('a\nb\n'));
    expect(lines).toEqual(['a', 'b']);
  });
});

describe('TailBuffer', () => {
  it('keeps the last bytes across chunk boundaries', () => {
    const tail = new TailBuffer(5);
    for (const part of ['abc', 'defg', 'h']) tail.push(Buffer.from(part));
    expect(tail.toString()).toBe('defgh');
    tail.push(Buffer.from('0123456789'));
    expect(tail.toString()).toBe('56789');
  });
});

describe('formatDuration', () => {
  it('reads as a person would say it', () => {
    expect(formatDuration(30 * 60_000)).toBe('30 minutes');
    expect(formatDuration(1_000)).toBe('1 second');
    expect(formatDuration(45_000)).toBe('45 seconds');
    expect(formatDuration(5 * 3_600_000)).toBe('5 hours');
  });
});
