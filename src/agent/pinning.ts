import type { JobKind } from '@shared/agent/protocol';
import { isItemFailed } from '@shared/installation-states';
import { managerLabel } from '@shared/package-managers';

import type { HoldStore } from './hold-store';
import { invalidVersionOutcome, type Installer, type InstallOutcome, type PackageId } from './installers/installer';

/**
 * One app's call when a pin is involved (docs/pinned-versions.md), when it runs alone (a pinned
 * install not yet held goes into the batch where the manager has `installManyAt`, then `holdPinned`):
 * - install with a pin: that version where the manager can choose one (its `installAt`), the newest
 *   otherwise; then the manager's hold, remembered so that only this agent's holds are cleared;
 * - upgrade with a pin: refused, nothing runs ("Pinned at 1.2.3"), whatever the server decided;
 * - install or upgrade without a pin, or an uninstall, of a package this agent holds: the hold is
 *   released first (the pin was removed, or the app is going), then the call runs.
 */
export async function callWithPins(
  installer: Installer,
  kind: JobKind,
  id: PackageId,
  pinnedVersion: string | undefined,
  signal: AbortSignal,
  holds: HoldStore,
  call: () => Promise<InstallOutcome>,
): Promise<InstallOutcome> {
  if (pinnedVersion !== undefined && kind !== 'uninstall') {
    const invalid = invalidVersionOutcome(pinnedVersion);
    if (invalid) return invalid;
    if (kind === 'upgrade') return { status: 'skipped', version: null, exitCode: null, message: `Pinned at ${pinnedVersion}`, log: '' };
    return installPinned(installer, id, pinnedVersion, signal, holds, call);
  }
  let note = '';
  if (holds.heldAt(installer.name, id) !== null && installer.releaseHold) {
    const released = await installer.releaseHold(id, signal);
    if (released.ok) await holds.remove(installer.name, id);
    else note = `; the hold Loadout set stays: ${released.message}`;
  }
  const outcome = await call();
  return note ? { ...outcome, message: `${outcome.message}${note}` } : outcome;
}

async function installPinned(
  installer: Installer,
  id: PackageId,
  version: string,
  signal: AbortSignal,
  holds: HoldStore,
  call: () => Promise<InstallOutcome>,
): Promise<InstallOutcome> {
  const installed = installer.installAt ? await installer.installAt(id, version, signal) : await call();
  return holdPinned(installer, id, version, installed, signal, holds);
}

/**
 * After a pinned app's install (its own call, or its `name=version` in a batch: `installManyAt`),
 * the manager's hold, remembered so that only this agent's holds are cleared; the outcome says
 * what was held, or why not. A failed install is left as it is: nothing to hold.
 */
export async function holdPinned(
  installer: Installer,
  id: PackageId,
  version: string,
  installed: InstallOutcome,
  signal: AbortSignal,
  holds: HoldStore,
): Promise<InstallOutcome> {
  if (isItemFailed(installed.status)) return installed;
  const notes: string[] = [];
  if (!installer.installAt && installed.version && installed.version !== version)
    notes.push(`${managerName(installer)} cannot install a chosen version, so it stays at ${installed.version}`);
  if (!installer.hold) notes.push(`${managerName(installer)} has no hold: an update made outside Loadout may move it`);
  else {
    const held = await installer.hold(id, version, signal);
    if (held.ok) {
      if (!held.preexisting) await holds.add(installer.name, id, version);
      notes.push(held.message);
    } else notes.push(`not held: ${held.message}`);
  }
  return { ...installed, message: `${installed.message}; pinned, ${notes.join('; ')}` };
}

function managerName(installer: Installer): string {
  return managerLabel(installer.name);
}
