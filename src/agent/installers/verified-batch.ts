import type { PackageIdKind } from '@shared/package-ids';

import type { RunResult } from '../process';
import {
  cancelledOutcome,
  INSTALL_TIMEOUT_MS,
  interruptedOutcome,
  invalidIdOutcome,
  skippedInstalled,
  versionNote,
  type BatchOutcomes,
  type InstallOutcome,
  type PackageId,
} from './installer';
import { cleanLines, logTail } from './output';

/**
 * Several packages in one call for a manager that takes several names (Flatpak, Snap), where
 * what is installed afterwards decides rather than the manager's words about a batch: one
 * listing before (installed apps are skipped), one install call for the rest, one listing after.
 * An app installed by then succeeded; any other goes through the manager's own one-app install,
 * which says why in the manager's words (not found, needs classic confinement…), so one bad
 * name never costs the others. A cancel ends it: what is not installed reads cancelled.
 */
export interface VerifiedBatchManager {
  /** The program, for messages: 'flatpak'. */
  readonly program: string;
  readonly idKind: PackageIdKind;
  /** Every installed package of this manager: name → version ('' when it declares none). */
  installed(): Promise<Map<string, string>>;
  installAll(names: readonly string[], signal: AbortSignal, onLine: (line: string) => void): Promise<RunResult>;
  installOne(id: PackageId, signal: AbortSignal): Promise<InstallOutcome>;
  /** Which of `names` a line of the manager's output says it began on, or null. */
  startedOn(line: string, names: ReadonlySet<string>): string | null;
}

export async function installVerified(
  manager: VerifiedBatchManager,
  ids: readonly PackageId[],
  signal: AbortSignal,
  onStarted?: (name: string) => void,
): Promise<BatchOutcomes> {
  const outcomes: BatchOutcomes = new Map();
  const asked = new Set<string>();
  for (const id of ids) {
    const invalid = invalidIdOutcome(manager.idKind, id);
    if (invalid) outcomes.set(id.name, invalid);
    else asked.add(id.name);
  }
  if (asked.size === 0) return outcomes;
  const before = await manager.installed();
  const rest: string[] = [];
  for (const name of asked) {
    const version = before.get(name);
    if (version !== undefined) outcomes.set(name, skippedInstalled(version));
    else rest.push(name);
  }
  if (rest.length === 1) outcomes.set(rest[0]!, await manager.installOne({ name: rest[0]! }, signal));
  if (rest.length <= 1) return outcomes;

  const wanted = new Set(rest);
  const started = new Set<string>();
  const result = await manager.installAll(rest, signal, (line) => {
    const name = manager.startedOn(line, wanted);
    if (name === null || started.has(name)) return;
    started.add(name);
    onStarted?.(name);
  });
  const after = await manager.installed();
  const interrupted = interruptedOutcome(result, INSTALL_TIMEOUT_MS, manager.program);
  for (const name of rest) {
    const version = after.get(name);
    const log = linesNaming(result.output, name);
    if (version !== undefined)
      outcomes.set(name, { status: 'succeeded', version: version || null, exitCode: 0, message: `Installed${versionNote(version)}`, log });
    else if (interrupted) outcomes.set(name, { ...interrupted, log });
    else outcomes.set(name, signal.aborted ? cancelledOutcome(log) : await manager.installOne({ name }, signal));
  }
  return outcomes;
}

/** The lines of a batch's output that name this package, as a log tail; the whole tail when none does. */
export function linesNaming(output: string, name: string): string {
  const own = cleanLines(output).filter((line) => line.includes(name));
  return own.length > 0 ? logTail(own.join('\n')) : logTail(output);
}
