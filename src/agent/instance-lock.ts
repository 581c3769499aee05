import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { uptime } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * One agent per enrolment folder. Node has no flock, so the lock is a file created with the
 * exclusive `wx` flag: creating it fails when it exists, whoever tries at the same time.
 */
export const LOCK_FILE = 'agent.lock';

const holderSchema = z.object({
  pid: z.number().int().positive(),
  startedAt: z.string(),
  /** When this machine booted, as the holder saw it: a pid from an earlier boot may be anyone now. */
  bootedAt: z.string(),
  /** Replaced on the server by another agent with this enrolment: no reconnect before then. */
  waitingUntil: z.string().optional(),
});
export type LockHolder = z.infer<typeof holderSchema>;

export interface LockEnv {
  pid: number;
  now: () => Date;
  /** Whether a process with this id exists (also one of another user). */
  isAlive: (pid: number) => boolean;
  /** When the machine booted. */
  bootedAt: () => Date;
}

export const processEnv: LockEnv = {
  pid: process.pid,
  now: () => new Date(),
  isAlive: processAlive,
  bootedAt: () => new Date(Date.now() - uptime() * 1000),
};

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is only someone else's.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** A second agent was started on a folder that a running one holds. */
export class AlreadyRunning extends Error {
  constructor(
    readonly holder: LockHolder,
    readonly dir: string,
  ) {
    super(
      holder.pid > 0
        ? `Another Loadout agent (process ${holder.pid}) is already running with this enrolment in ${dir}; stop it first`
        : `Another Loadout agent is starting with this enrolment in ${dir}; stop it first`,
    );
  }
}

/** Boot times read from uptime drift by a second or two; a reboot moves them by far more. */
const SAME_BOOT_MS = 60_000;
/** A lock file the holder has created but not written yet looks empty for this long at most. */
const HALF_WRITTEN_MS = 5_000;

export class InstanceLock {
  private released = false;
  private readonly onExit = () => this.releaseSync();

  constructor(
    readonly file: string,
    private holder: LockHolder,
  ) {
    // A second Ctrl-C exits without waiting: the lock still goes with the process.
    process.on('exit', this.onExit);
  }

  /** Records that the agent waits after being replaced (status reads it), or no longer does. */
  async waiting(until: Date | null): Promise<void> {
    if (this.released) return;
    const { waitingUntil: _, ...rest } = this.holder;
    this.holder = until ? { ...rest, waitingUntil: until.toISOString() } : rest;
    // Renamed over the lock, so that a reader never sees it half written.
    const temporary = `${this.file}.${randomBytes(4).toString('hex')}.tmp`;
    const handle = await open(temporary, 'wx', 0o600);
    try {
      await handle.writeFile(JSON.stringify(this.holder));
    } finally {
      await handle.close();
    }
    if (this.released) return void (await rm(temporary, { force: true }));
    await rename(temporary, this.file);
  }

  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    process.off('exit', this.onExit);
    if (await this.stillOurs()) await rm(this.file, { force: true });
  }

  private releaseSync(): void {
    if (this.released) return;
    this.released = true;
    rmSync(this.file, { force: true });
  }

  private async stillOurs(): Promise<boolean> {
    const found = await readHolder(this.file);
    return found !== null && found !== 'unreadable' && found.pid === this.holder.pid && found.startedAt === this.holder.startedAt;
  }
}

/**
 * Takes the folder's lock, or throws AlreadyRunning naming the agent that holds it. A lock whose
 * process is gone (killed, crashed, or from before a reboot) is stale and taken over.
 */
export async function acquireInstanceLock(dir: string, env: LockEnv = processEnv): Promise<InstanceLock> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, LOCK_FILE);
  const holder: LockHolder = { pid: env.pid, startedAt: env.now().toISOString(), bootedAt: env.bootedAt().toISOString() };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const handle = await open(file, 'wx', 0o600);
      try {
        await handle.writeFile(JSON.stringify(holder));
      } finally {
        await handle.close();
      }
      return new InstanceLock(file, holder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const found = await readHolder(file);
    if (found === null) continue;
    if (found === 'unreadable') {
      // Just created by an agent that is starting, or left half written by one that crashed.
      const age = await stat(file).then(
        (s) => env.now().getTime() - s.mtimeMs,
        () => Infinity,
      );
      if (age < HALF_WRITTEN_MS) throw new AlreadyRunning({ pid: 0, startedAt: '', bootedAt: '' }, dir);
    } else if (isLive(found, env)) {
      throw new AlreadyRunning(found, dir);
    }
    await rm(file, { force: true });
  }
  throw new Error(`Could not take the lock ${file}: another agent keeps starting with this enrolment`);
}

/** The running agent that holds the folder's lock, null when none does (no lock, or a stale one). */
export async function runningAgent(dir: string, env: LockEnv = processEnv): Promise<LockHolder | null> {
  const found = await readHolder(join(dir, LOCK_FILE));
  return found && found !== 'unreadable' && isLive(found, env) ? found : null;
}

function isLive(holder: LockHolder, env: LockEnv): boolean {
  const sameBoot = Math.abs(new Date(holder.bootedAt).getTime() - env.bootedAt().getTime()) < SAME_BOOT_MS;
  return sameBoot && env.isAlive(holder.pid);
}

async function readHolder(file: string): Promise<LockHolder | 'unreadable' | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? null : 'unreadable';
  }
  try {
    const parsed = holderSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : 'unreadable';
  } catch {
    return 'unreadable';
  }
}
