import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/**
 * Runs one program with an argument array (never a shell), a time limit, an optional abort
 * signal and bounded captured output. Package managers print a lot
 * (progress frames, whole dependency trees), so nothing here grows without limit.
 */
export interface RunOptions {
  /** Kill the process tree after this long and report `timedOut`. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Merged over process.env; a value of undefined removes that variable. */
  env?: Record<string, string | undefined>;
  cwd?: string;
  /** How much of the combined stdout+stderr to keep (the last bytes). Default 64 KiB. */
  tailBytes?: number;
  /** How much of stdout to keep whole, from its start, for parsers. Default 4 MiB. */
  stdoutCapBytes?: number;
  /** After SIGTERM, how long before SIGKILL. Default 5 s. */
  killGraceMs?: number;
  /**
   * Called with each line of stdout as it arrives (live progress, such as apt's status lines),
   * without its line end; a line longer than LINE_MAX_CHARS is cut there, the rest dropped.
   */
  onLine?: (line: string) => void;
  /**
   * Written to the program's standard input, which is then closed (dpkg --set-selections reads
   * its lines there). Without it the program's standard input is the null device.
   */
  input?: string;
}

export interface RunResult {
  /** Exit code as an unsigned 32-bit number (Windows HRESULTs arrive signed); null when killed or never started. */
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  aborted: boolean;
  /** Set when the program could not be started at all (e.g. ENOENT: not installed). */
  spawnError: string | null;
  /** stdout from its start, up to stdoutCapBytes. */
  stdout: string;
  stdoutTruncated: boolean;
  /** The last tailBytes of stdout and stderr as they interleaved. */
  output: string;
  durationMs: number;
}

export type Run = (command: string, args: readonly string[], options: RunOptions) => Promise<RunResult>;

const DEFAULT_TAIL_BYTES = 64 * 1024;
const DEFAULT_STDOUT_CAP = 4 * 1024 * 1024;
const DEFAULT_KILL_GRACE_MS = 5_000;

/** Keeps the last `capacity` bytes written to it, in chunks, without copying on every write. */
export class TailBuffer {
  private chunks: Buffer[] = [];
  private size = 0;

  constructor(private readonly capacity: number) {}

  push(chunk: Buffer): void {
    if (chunk.length >= this.capacity) {
      this.chunks = [chunk.subarray(chunk.length - this.capacity)];
      this.size = this.capacity;
      return;
    }
    this.chunks.push(chunk);
    this.size += chunk.length;
    while (this.size > this.capacity) {
      const first = this.chunks[0]!;
      const excess = this.size - this.capacity;
      if (first.length <= excess) {
        this.chunks.shift();
        this.size -= first.length;
      } else {
        this.chunks[0] = first.subarray(excess);
        this.size -= excess;
      }
    }
  }

  toString(): string {
    return Buffer.concat(this.chunks, this.size).toString('utf8');
  }
}

/** The longest line handed to `onLine`; a progress line is far shorter. */
export const LINE_MAX_CHARS = 4096;

/**
 * Cuts a stream into lines for `onLine` as it arrives: each byte is looked at once, and what is
 * kept between two line ends is at most `maxChars` (a line without an end cannot grow memory).
 */
export class LineSplitter {
  private readonly decoder = new StringDecoder('utf8');
  private partial = '';
  private overflow = false;

  constructor(
    private readonly onLine: (line: string) => void,
    private readonly maxChars = LINE_MAX_CHARS,
  ) {}

  push(chunk: Buffer): void {
    this.take(this.decoder.write(chunk));
  }

  /** The stream ended: a last line without a line end is handed on too. */
  end(): void {
    this.take(this.decoder.end());
    if (this.partial !== '' || this.overflow) this.emit();
  }

  private take(text: string): void {
    let start = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      this.append(text.slice(start, end));
      this.emit();
      start = end + 1;
    }
    this.append(text.slice(start));
  }

  private append(piece: string): void {
    const room = this.maxChars - this.partial.length;
    if (piece.length > room) this.overflow = true;
    if (room > 0) this.partial += piece.length > room ? piece.slice(0, room) : piece;
  }

  private emit(): void {
    const line = this.partial.endsWith('\r') ? this.partial.slice(0, -1) : this.partial;
    this.partial = '';
    this.overflow = false;
    try {
      this.onLine(line);
    } catch {
      // Progress is a nicety: a listener that throws must not end the program's run.
    }
  }
}

/** Keeps the first `capacity` bytes written to it. */
class HeadBuffer {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  truncated = false;

  constructor(private readonly capacity: number) {}

  push(chunk: Buffer): void {
    const room = this.capacity - this.size;
    if (room <= 0) {
      this.truncated = true;
      return;
    }
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    if (kept !== chunk) this.truncated = true;
    this.chunks.push(kept);
    this.size += kept.length;
  }

  toString(): string {
    return Buffer.concat(this.chunks, this.size).toString('utf8');
  }
}

function childEnv(overrides: RunOptions['env']): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const [key, value] of Object.entries(overrides ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

/**
 * Ends the child and everything it started. On POSIX the child leads its own process group
 * (spawned detached), so one signal to -pid reaches installers that apt or brew started; on
 * Windows taskkill /T walks the tree.
 */
function killTree(pid: number, signal: NodeJS.Signals): void {
  if (process.platform === 'win32') {
    const killer = spawn('taskkill', ['/pid', String(pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true });
    killer.on('error', () => undefined);
    return;
  }
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
  }
}

export const runCommand: Run = (command, args, options) =>
  new Promise<RunResult>((resolve) => {
    const started = performance.now();
    const tail = new TailBuffer(options.tailBytes ?? DEFAULT_TAIL_BYTES);
    const head = new HeadBuffer(options.stdoutCapBytes ?? DEFAULT_STDOUT_CAP);
    let timedOut = false;
    let aborted = false;
    let settled = false;

    const finish = (result: Pick<RunResult, 'exitCode' | 'signal' | 'spawnError'>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(killTimer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve({
        ...result,
        timedOut,
        aborted,
        stdout: head.toString(),
        stdoutTruncated: head.truncated,
        output: tail.toString(),
        durationMs: Math.round(performance.now() - started),
      });
    };

    if (options.signal?.aborted) {
      aborted = true;
      // Timers are declared below; nothing to clear yet.
      settled = true;
      resolve({
        exitCode: null,
        signal: null,
        spawnError: null,
        timedOut,
        aborted,
        stdout: '',
        stdoutTruncated: false,
        output: '',
        durationMs: 0,
      });
      return;
    }

    // Standard input is the null device, as it always was for installers, unless there is input to give.
    const child = spawn(command, [...args], {
      env: childEnv(options.env),
      cwd: options.cwd,
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
      windowsHide: true,
    }) as ChildProcessByStdio<Writable | null, Readable, Readable>;

    let killTimer: NodeJS.Timeout | undefined;
    const stop = (): void => {
      if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
      killTree(child.pid, 'SIGTERM');
      killTimer = setTimeout(() => {
        if (child.pid !== undefined) killTree(child.pid, 'SIGKILL');
      }, options.killGraceMs ?? DEFAULT_KILL_GRACE_MS);
      killTimer.unref();
    };
    const onAbort = (): void => {
      aborted = true;
      stop();
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, options.timeoutMs);
    options.signal?.addEventListener('abort', onAbort, { once: true });

    const lines = options.onLine ? new LineSplitter(options.onLine) : null;
    child.stdout.on('data', (chunk: Buffer) => {
      head.push(chunk);
      tail.push(chunk);
      lines?.push(chunk);
    });
    child.stdout.on('end', () => lines?.end());
    child.stderr.on('data', (chunk: Buffer) => tail.push(chunk));
    // A program that exits without reading all of it closes the pipe: that is its answer, not ours to fail on.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(options.input);
    child.on('error', (error: NodeJS.ErrnoException) => finish({ exitCode: null, signal: null, spawnError: error.code ?? error.message }));
    // 'close' waits for the pipes too. A daemon the program started may keep them open after it
    // exits (a service restarted by a post-install script): stop reading shortly after exit.
    child.on('exit', () => {
      const drain = setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
      }, 2_000);
      drain.unref();
    });
    child.on('close', (code, signal) => finish({ exitCode: code === null ? null : code >>> 0, signal, spawnError: null }));
  });

/** "30 minutes", "45 seconds": for messages a person reads. */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round(minutes / 60);
  return `${hours} hours`;
}
