import type { JobKind } from '@shared/agent/protocol';
import { isItemFailed, isItemSkipped, isItemSucceeded } from '@shared/installation-states';

import { versionNote, type Installer, type InstallOutcome, type PackageId } from './installers/installer';

/**
 * The result recorded is what the machine shows. After an install or a removal that its manager
 * ran to an end, the agent asks the manager again whether the package is installed, and where
 * the answer and the manager's words disagree, the answer wins, said in words: "installed,
 * though the installer reported an error", "reported success, but it is not installed". An
 * upgrade reads its versions before and after itself (`upgradeOutcome`). Only a query runs here:
 * nothing is installed or removed by reading back.
 */
export async function readBack(
  installer: Pick<Installer, 'name' | 'installedVersion'>,
  kind: JobKind,
  id: PackageId,
  outcome: InstallOutcome,
): Promise<InstallOutcome> {
  // Skipped, refused, an id that breaks the grammar, a cancel or a time-out: the manager did not
  // finish a change, so there is nothing of its to check.
  if (kind === 'upgrade' || isItemSkipped(outcome.status) || outcome.exitCode === null) return outcome;
  let after: string | null;
  try {
    after = await installer.installedVersion(id);
  } catch {
    return outcome;
  }
  const installed = after !== null;
  if (kind === 'install') {
    if (isItemSucceeded(outcome.status) && !installed)
      return {
        ...outcome,
        status: 'failed',
        version: null,
        message: `${installer.name} reported it installed, but does not list ${id.name} as installed`,
      };
    if (isItemSucceeded(outcome.status)) return { ...outcome, version: after || outcome.version };
    if (installed)
      return {
        ...outcome,
        status: 'succeeded',
        version: after || null,
        message: `Installed${versionNote(after)}, though ${installer.name} reported an error: ${outcome.message}`,
      };
    return outcome;
  }
  if (isItemSucceeded(outcome.status) && installed)
    return {
      ...outcome,
      status: 'failed',
      version: after || null,
      message: `Still installed${versionNote(after)}: ${installer.name} reported it removed`,
    };
  if (isItemFailed(outcome.status) && !installed)
    return { ...outcome, status: 'succeeded', message: `Removed, though ${installer.name} reported an error: ${outcome.message}` };
  return outcome;
}
