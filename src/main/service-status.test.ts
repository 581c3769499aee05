import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

import { NOT_ENROLLED } from '@shared/desktop/bridge';

import { AgentStatusTracker } from './agent-status';
import {
  followServiceStatus,
  readServiceStatus,
  SERVICE_STATUS_FILE,
  SERVICE_STATUS_STALE_MS,
  serviceStatusDir,
  ServiceStatusWriter,
} from './service-status';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const identity = { server: 'https://loadout.example', deviceId: 'agent-1', deviceName: 'Desk', paused: false };

describe('the service status file', () => {
  it('lives where root writes and users read, never in the enrolment folder', () => {
    expect(serviceStatusDir('linux')).toBe('/run/loadout-agent');
    expect(serviceStatusDir('darwin')).toBe('/Library/Application Support/Loadout Agent Status');
    expect(serviceStatusDir('win32', { ProgramData: 'D:\\Data' })).toBe('D:\\Data\\Loadout\\Status');
  });

  it('carries the service agent’s status and last finished job, world-readable and without its credential', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'loadout-status-'));
    dirs.push(dir);
    const tracker = new AgentStatusTracker();
    const writer = new ServiceStatusWriter(join(dir, 'status'), tracker, () => new Date('2026-11-24T10:00:00Z'));
    writer.start();
    tracker.enrolled(identity);
    tracker.connection(true);
    tracker.received({
      type: 'job.assign',
      job: { jobId: 'j1', installationId: 'i1', kind: 'install', items: [] },
    });
    tracker.sent({ type: 'job.done', jobId: 'j1' });
    await writer.stop();

    const file = join(dir, 'status', SERVICE_STATUS_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o644);
    expect(await readFile(file, 'utf8')).not.toContain('credential');
    const read = await readServiceStatus(join(dir, 'status'));
    expect(read).toMatchObject({
      updatedAt: '2026-11-24T10:00:00.000Z',
      status: { state: 'online', deviceName: 'Desk' },
      lastFinished: { jobId: 'j1', total: 0 },
    });
    expect(await readServiceStatus(join(dir, 'missing'))).toBeNull();
  });

  it('is followed while fresh; stale or missing, the computer reads offline with the reason', () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    const read = {
      version: 1 as const,
      updatedAt: '2026-11-24T09:59:40Z',
      status: { ...NOT_ENROLLED, ...identity, state: 'online' as const },
      lastFinished: {
        type: 'job.finished' as const,
        jobId: 'j9',
        kind: 'install' as const,
        total: 2,
        tally: { succeeded: 2, failed: 0, skipped: 0 },
      },
    };
    expect(followServiceStatus(read, identity, now)).toEqual({ status: read.status, finished: read.lastFinished });
    const stale = followServiceStatus(read, identity, now + SERVICE_STATUS_STALE_MS);
    expect(stale.status).toMatchObject({
      state: 'offline',
      deviceName: 'Desk',
      problem: 'The Loadout service is not running on this computer.',
    });
    expect(followServiceStatus(null, identity, now).status.state).toBe('offline');
  });
});
