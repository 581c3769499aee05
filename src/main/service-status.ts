import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, posix, win32 } from 'node:path';
import { z } from 'zod';

import { agentEventSchema, agentStatusSchema, type AgentEvent, type AgentStatus } from '@shared/desktop/bridge';

import type { AgentStatusTracker } from './agent-status';

/**
 * How the agent running as a system service tells the desktop client what it does: a small
 * status file (no secret in it) that the service rewrites on every change and every 30 s,
 * readable by the signed-in user, whose client follows it for the tray and the window.
 */

export const SERVICE_STATUS_FILE = 'status.json';
export const SERVICE_STATUS_REFRESH_MS = 30_000;
/** Older than this, the service is taken as not running (it rewrites the file every 30 s). */
export const SERVICE_STATUS_STALE_MS = 90_000;

const finishedSchema = agentEventSchema.options[1];

const serviceStatusSchema = z.strictObject({
  version: z.literal(1),
  updatedAt: z.string(),
  status: agentStatusSchema,
  /** The last job that ended, so that the client notifies once per job. */
  lastFinished: finishedSchema.nullable(),
});
export type ServiceStatus = z.infer<typeof serviceStatusSchema>;

/** A folder root writes and every user can read: not the enrolment's folder, which is root's alone. */
export function serviceStatusDir(platform: NodeJS.Platform, env: NodeJS.ProcessEnv = process.env): string {
  if (platform === 'win32') return win32.join(env.ProgramData ?? env.PROGRAMDATA ?? 'C:\\ProgramData', 'Loadout', 'Status');
  if (platform === 'darwin') return '/Library/Application Support/Loadout Agent Status';
  return posix.join('/run', 'loadout-agent');
}

/** The service's side: writes the tracker's status as it changes. */
export class ServiceStatusWriter {
  private lastFinished: ServiceStatus['lastFinished'] = null;
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly dir: string,
    private readonly tracker: AgentStatusTracker,
    private readonly now: () => Date = () => new Date(),
  ) {}

  start(): void {
    this.unsubscribe = this.tracker.onEvent((event) => {
      if (event.type === 'job.finished') this.lastFinished = event;
      void this.write();
    });
    this.timer = setInterval(() => void this.write(), SERVICE_STATUS_REFRESH_MS);
    this.timer.unref();
    void this.write();
  }

  /** Writes once more (the final state) and stops. */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    if (this.timer) clearInterval(this.timer);
    await this.write();
  }

  /** One write at a time, each to a temporary file renamed into place: a reader never sees half. */
  write(): Promise<void> {
    this.writing = this.writing.then(async () => {
      const record: ServiceStatus = {
        version: 1,
        updatedAt: this.now().toISOString(),
        status: this.tracker.status,
        lastFinished: this.lastFinished,
      };
      const file = join(this.dir, SERVICE_STATUS_FILE);
      const temporary = `${file}.${process.pid}.tmp`;
      try {
        await mkdir(this.dir, { recursive: true, mode: 0o755 });
        await writeFile(temporary, `${JSON.stringify(record)}\n`, { mode: 0o644 });
        await rename(temporary, file);
      } catch {
        await rm(temporary, { force: true }).catch(() => undefined);
      }
    });
    return this.writing;
  }
}

/** The client's side: the service's status, null when there is none or it cannot be read. */
export async function readServiceStatus(dir: string): Promise<ServiceStatus | null> {
  try {
    const parsed = serviceStatusSchema.safeParse(JSON.parse(await readFile(join(dir, SERVICE_STATUS_FILE), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const NOT_RUNNING = 'The Loadout service is not running on this computer.';

/**
 * What the client shows for what it read: the service's own status while it is fresh, else
 * this computer as offline with the reason; and the service's last finished job (the tracker
 * announces each job once).
 */
export function followServiceStatus(
  read: ServiceStatus | null,
  identity: Pick<AgentStatus, 'server' | 'deviceId' | 'deviceName' | 'paused'>,
  nowMs: number,
): { status: AgentStatus; finished: Extract<AgentEvent, { type: 'job.finished' }> | null } {
  if (read === null || nowMs - Date.parse(read.updatedAt) > SERVICE_STATUS_STALE_MS) {
    return { status: { ...identity, state: 'offline', job: null, problem: NOT_RUNNING }, finished: null };
  }
  return { status: read.status, finished: read.lastFinished };
}
