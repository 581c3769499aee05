import type { JobKind, ManagerName } from '@shared/agent/protocol';
import type { GenerationApp, GenerationChange, RollbackStep } from '@shared/api/generations';
import { isValidPinnedVersion } from '@shared/package-ids';
import { packageManager } from '@shared/package-managers';

/** What one finished app of a job did: the manager that did it and the version it reported. */
export interface FinishedApp {
  appId: number;
  name: string;
  manager: ManagerName | null;
  version: string | null;
}

/**
 * The machine's apps after a job: the apps before it, with each succeeded app of the job
 * installed or updated at the version it reported, or gone after an uninstall; and the changes,
 * one per app whose presence or version moved (an app reinstalled at the version it had is no
 * change). Apps by name, for the page that lists them.
 */
export function nextGeneration(
  before: readonly GenerationApp[],
  kind: JobKind,
  finished: readonly FinishedApp[],
): { apps: GenerationApp[]; changes: GenerationChange[] } {
  const apps = new Map(before.map((app) => [app.appId, app]));
  const changes: GenerationChange[] = [];
  for (const done of finished) {
    const earlier = apps.get(done.appId);
    if (kind === 'uninstall') {
      if (!earlier) continue;
      apps.delete(done.appId);
      changes.push({ appId: done.appId, name: done.name, from: earlier.version, to: null });
      continue;
    }
    if (earlier && earlier.version === done.version) continue;
    apps.set(done.appId, { appId: done.appId, name: done.name, manager: done.manager, version: done.version });
    changes.push({ appId: done.appId, name: done.name, from: earlier?.version ?? null, to: done.version });
  }
  return { apps: [...apps.values()].sort((a, b) => a.name.localeCompare(b.name) || a.appId - b.appId), changes };
}

/**
 * The steps that take a machine from what it has now back to a generation's apps: what it lacks
 * is installed at the generation's version, what has another version goes back to it, what came
 * later is removed. A version goes back only where the manager installs a chosen version (the
 * registry's `chosenVersion`) and the recorded version is one the agent may be asked for; an app
 * the machine lacks is still installed elsewhere, at the newest version, and says so.
 */
export function rollbackSteps(current: readonly GenerationApp[], target: readonly GenerationApp[]): RollbackStep[] {
  const now = new Map(current.map((app) => [app.appId, app]));
  const then = new Map(target.map((app) => [app.appId, app]));
  const steps: RollbackStep[] = [];
  for (const app of target) {
    const present = now.get(app.appId);
    if (present && present.version === app.version) continue;
    const { exact, note } = versionBack(app);
    if (!present) {
      steps.push({
        appId: app.appId,
        name: app.name,
        action: 'install',
        manager: app.manager,
        from: null,
        to: app.version,
        exact,
        possible: true,
        note: exact ? null : note,
      });
      continue;
    }
    steps.push({
      appId: app.appId,
      name: app.name,
      action: 'change',
      manager: app.manager,
      from: present.version,
      to: app.version,
      exact,
      possible: exact,
      note: exact ? null : note,
    });
  }
  for (const app of current) {
    if (then.has(app.appId)) continue;
    steps.push({
      appId: app.appId,
      name: app.name,
      action: 'remove',
      manager: app.manager,
      from: app.version,
      to: null,
      exact: true,
      possible: true,
      note: null,
    });
  }
  return steps;
}

/** Whether the app's manager can install its recorded version, and if not, why. */
function versionBack(app: GenerationApp): { exact: boolean; note: string } {
  const manager = app.manager === null ? undefined : packageManager(app.manager);
  if (!manager) return { exact: false, note: 'Which package manager installed it is not known, so its version cannot be chosen.' };
  if (!manager.chosenVersion.exact) return { exact: false, note: manager.chosenVersion.note };
  if (app.version === null || !isValidPinnedVersion(app.version))
    return { exact: false, note: 'Its recorded version is not one a package manager can be asked for.' };
  return { exact: true, note: manager.chosenVersion.note };
}
