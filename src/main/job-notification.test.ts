import { describe, expect, it } from 'vitest';

import { jobNotification } from './job-notification';

const finished = (kind: 'install' | 'upgrade' | 'uninstall', total: number, succeeded: number, failed: number, skipped: number) =>
  ({ type: 'job.finished', jobId: 'j1', kind, total, tally: { succeeded, failed, skipped } }) as const;

describe('jobNotification', () => {
  it('says an installation finished and what it did', () => {
    expect(jobNotification(finished('install', 3, 2, 0, 1))).toEqual({
      title: 'Installation finished on this computer',
      body: '2 apps installed, 1 skipped.',
    });
    expect(jobNotification(finished('upgrade', 1, 1, 0, 0)).body).toBe('1 app updated.');
  });

  it('says when something failed, and where to look', () => {
    expect(jobNotification(finished('install', 4, 2, 1, 0))).toEqual({
      title: 'Installation failed on this computer',
      body: '2 apps installed, 1 failed, 1 cancelled. Open Loadout to see why.',
    });
    expect(jobNotification(finished('uninstall', 1, 0, 1, 0)).title).toBe('Removal failed on this computer');
  });
});
