import { describe, expect, it } from 'vitest';

import type { GenerationApp } from '@shared/api/generations';

import { nextGeneration, rollbackSteps } from './generation-plan';

const app = (appId: number, version: string | null, manager: GenerationApp['manager'] = 'apt'): GenerationApp => ({
  appId,
  name: `App ${appId}`,
  manager,
  version,
});

describe('generations', () => {
  it('apply what a job did: installed or updated at the reported version, removed by an uninstall; the same version again is no change', () => {
    const before = [app(1, '1.0'), app(2, '3.0')];
    const installed = nextGeneration(before, 'install', [
      { appId: 1, name: 'App 1', manager: 'apt', version: '1.0' },
      { appId: 3, name: 'App 3', manager: 'apt', version: '0.9' },
    ]);
    expect(installed.changes).toEqual([{ appId: 3, name: 'App 3', from: null, to: '0.9' }]);
    expect(installed.apps.map((entry) => entry.appId)).toEqual([1, 2, 3]);
    const removed = nextGeneration(installed.apps, 'uninstall', [
      { appId: 2, name: 'App 2', manager: 'apt', version: null },
      { appId: 9, name: 'App 9', manager: 'apt', version: null },
    ]);
    expect(removed.changes).toEqual([{ appId: 2, name: 'App 2', from: '3.0', to: null }]);
    expect(removed.apps.map((entry) => entry.appId)).toEqual([1, 3]);
  });

  it('plan a rollback per manager: a version goes back only where the manager installs a chosen one', () => {
    const now = [app(1, '2.0'), app(2, '120.0', 'brew'), app(3, '5.0'), app(5, '1.0', 'flatpak')];
    const then = [app(1, '1.0'), app(2, '118.0', 'brew'), app(4, '7.0', 'winget'), app(5, '0.9', 'flatpak'), app(6, '2.0', 'brew')];
    const steps = rollbackSteps(now, then);
    expect(steps.map((step) => [step.appId, step.action, step.from, step.to, step.exact, step.possible])).toEqual([
      [1, 'change', '2.0', '1.0', true, true],
      [2, 'change', '120.0', '118.0', false, false],
      [4, 'install', null, '7.0', true, true],
      [5, 'change', '1.0', '0.9', false, false],
      // Not there any more: installed again, at Homebrew's newest version, and said so.
      [6, 'install', null, '2.0', false, true],
      [3, 'remove', '5.0', null, true, true],
    ]);
    expect(steps[1]?.note).toBe('Homebrew installs only its newest version: it cannot go back to an older one.');
    expect(steps[4]?.note).toBe('Homebrew installs only its newest version: it cannot go back to an older one.');
  });

  it('never asks an agent for a recorded version outside the version grammar', () => {
    const [step] = rollbackSteps([app(1, '2.0')], [app(1, '1.0; rm -rf /')]);
    expect(step).toMatchObject({
      action: 'change',
      exact: false,
      possible: false,
      note: 'Its recorded version is not one a package manager can be asked for.',
    });
    const [unknown] = rollbackSteps([app(1, '2.0', null)], [app(1, '1.0', null)]);
    expect(unknown).toMatchObject({ possible: false });
  });
});
