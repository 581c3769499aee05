import { describe, expect, it } from 'vitest';

import { invalidIdOutcome, type InstallOutcome, type PackageId } from './installers/installer';
import { readBack } from './read-back';

/** A manager whose listing says `listed` (a version, '' for none known, null: not installed). */
function managerListing(listed: string | null | Error) {
  const asked: string[] = [];
  return {
    asked,
    installer: {
      name: 'winget' as const,
      installedVersion: async (id: PackageId) => {
        asked.push(id.name);
        if (listed instanceof Error) throw listed;
        return listed;
      },
    },
  };
}

const id = { name: 'Git.Git' };
const succeeded = (message: string, version: string | null = null): InstallOutcome => ({
  status: 'succeeded',
  version,
  exitCode: 0,
  message,
  log: 'log',
});
const failed = (message: string, exitCode: number | null = 1): InstallOutcome => ({
  status: 'failed',
  version: null,
  exitCode,
  message,
  log: 'log',
});

describe('readBack: the result recorded is what the machine shows', () => {
  it('keeps an install the manager lists, with the version it lists', async () => {
    const { installer } = managerListing('2.45.1');
    expect(await readBack(installer, 'install', id, succeeded('Installed'))).toMatchObject({ status: 'succeeded', version: '2.45.1' });
  });

  it('fails an install the manager called a success but does not list', async () => {
    const { installer } = managerListing(null);
    expect(await readBack(installer, 'install', id, succeeded('Installed (2.45.1)', '2.45.1'))).toEqual({
      status: 'failed',
      version: null,
      exitCode: 0,
      message: 'winget reported it installed, but does not list Git.Git as installed',
      log: 'log',
    });
  });

  it('says an app is installed, though the installer reported an error, when the manager lists it', async () => {
    const { installer } = managerListing('2.45.1');
    expect(await readBack(installer, 'install', id, failed('The installer failed (exit code 1603)', 1603))).toEqual({
      status: 'succeeded',
      version: '2.45.1',
      exitCode: 1603,
      message: 'Installed (2.45.1), though winget reported an error: The installer failed (exit code 1603)',
      log: 'log',
    });
  });

  it('fails a removal the manager called done while it still lists the app, and the reverse', async () => {
    expect(await readBack(managerListing('2.45.1').installer, 'uninstall', id, succeeded('Removed (2.45.1)', '2.45.1'))).toMatchObject({
      status: 'failed',
      version: '2.45.1',
      message: 'Still installed (2.45.1): winget reported it removed',
    });
    expect(await readBack(managerListing(null).installer, 'uninstall', id, failed('Uninstall failed'))).toMatchObject({
      status: 'succeeded',
      message: 'Removed, though winget reported an error: Uninstall failed',
    });
  });

  it('asks nothing where nothing ran to an end: skipped, refused or cancelled, and upgrades (which read their own versions)', async () => {
    const { installer, asked } = managerListing('2.45.1');
    const skipped: InstallOutcome = {
      status: 'skipped',
      version: '2.45.1',
      exitCode: null,
      message: 'Already installed (2.45.1)',
      log: '',
    };
    expect(await readBack(installer, 'install', id, skipped)).toBe(skipped);
    const cancelled = failed('Cancelled before it finished', null);
    expect(await readBack(installer, 'install', id, cancelled)).toBe(cancelled);
    const updated = succeeded('Updated from 2.44.0 to 2.45.1', '2.45.1');
    expect(await readBack(installer, 'upgrade', id, updated)).toBe(updated);
    expect(asked).toEqual([]);
  });

  it('never asks the manager about an id that reads as an option: it was refused before anything ran', async () => {
    const { installer, asked } = managerListing(null);
    for (const name of ['--force', '-y', 'a;rm -rf /'])
      for (const kind of ['install', 'uninstall'] as const) {
        const refused = invalidIdOutcome('winget', { name })!;
        expect(refused.status).toBe('failed');
        expect(await readBack(installer, kind, { name }, refused)).toBe(refused);
      }
    expect(asked).toEqual([]);
  });

  it("keeps the manager's word when the listing itself fails", async () => {
    const outcome = succeeded('Installed (2.45.1)', '2.45.1');
    expect(await readBack(managerListing(new Error('winget list timed out')).installer, 'install', id, outcome)).toBe(outcome);
  });
});
