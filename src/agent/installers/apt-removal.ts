import type { Run } from '../process';
import { QUERY_TIMEOUT_MS, type RemovedPackage } from './installer';
import { between, cleanLines, words } from './output';

/**
 * What an apt removal would take with it, asked of apt before anything is removed. The agent
 * runs as root: removing `python3` takes about fifty packages with it, Node.js (the agent's own
 * runtime) among them. So a removal is simulated first (`apt-get -s remove`), the whole list is
 * shown to the person before they confirm, and the agent refuses a removal that would take the
 * machine's Essential or required packages, its own runtime or Loadout itself.
 */

/** Loadout's own packages: the desktop client and the agent's package. */
export const LOADOUT_PACKAGES: readonly string[] = ['loadout', 'loadout-agent'];

/** `apt-get -s remove -- NAME`: a simulation, which needs neither root nor the dpkg lock. */
export const aptSimulateArgs = (action: 'remove' | 'install', name: string): string[] => ['-s', action, '--', name];
export const dpkgPriorityArgs = (names: readonly string[]): string[] => [
  '-W',
  '-f=${Package}\t${Essential}\t${Priority}\n',
  '--',
  ...names,
];
export const dpkgOwnerArgs = (path: string): string[] => ['-S', '--', path];

/** "Remv python3 [3.11.2-1+b1]" → python3 3.11.2-1+b1 (an architecture suffix dropped), in apt's order. */
export function parseSimulatedRemovals(stdout: string): RemovedPackage[] {
  const removed: RemovedPackage[] = [];
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('Remv ') && !line.startsWith('Purg ')) continue;
    const name = words(line)[1]?.split(':')[0];
    if (name) removed.push({ name, version: between(line, '[', ']') ?? '' });
  }
  return removed;
}

/** `dpkg-query -W -f='${Package}\t${Essential}\t${Priority}\n'` → why each protected package is. */
export function parseProtected(stdout: string): Map<string, string> {
  const reasons = new Map<string, string>();
  for (const line of stdout.split('\n')) {
    const [name, essential, priority] = line.split('\t');
    if (!name) continue;
    const bare = name.split(':')[0]!;
    if (essential?.trim() === 'yes') reasons.set(bare, 'an Essential package of the system');
    else if (priority?.trim() === 'required') reasons.set(bare, 'a package the system requires');
  }
  return reasons;
}

/** `dpkg-query -S -- /usr/bin/node` → "nodejs: /usr/bin/node" → nodejs (several when a path is shared). */
export function parseOwners(stdout: string): string[] {
  const owners: string[] = [];
  for (const line of cleanLines(stdout)) {
    if (line.startsWith('diversion ')) continue;
    const colon = line.indexOf(': ');
    if (colon <= 0) continue;
    for (const owner of line.slice(0, colon).split(', ')) owners.push(owner.split(':')[0]!.trim());
  }
  return owners;
}

export interface AptRemovalCheck {
  /** Every package the removal takes, in apt's order; empty when apt took nothing (not installed). */
  removes: RemovedPackage[];
  /** Why the agent will not remove this; null when it may, once the person has seen `removes`. */
  refused: string | null;
  /** apt's own words when the simulation failed. */
  error: string | null;
}

/** Runs apt's simulation and judges it: nothing here changes the machine. */
export async function checkAptRemoval(run: Run, env: Record<string, string>, name: string, runtimePath: string): Promise<AptRemovalCheck> {
  const simulated = await run('apt-get', aptSimulateArgs('remove', name), { timeoutMs: QUERY_TIMEOUT_MS, env });
  if (simulated.exitCode !== 0) {
    const error = cleanLines(simulated.output).find((line) => line.startsWith('E: '));
    return { removes: [], refused: null, error: error ? error.slice(3) : 'apt-get could not work out the removal' };
  }
  const removes = parseSimulatedRemovals(simulated.stdout);
  return { removes, refused: await refusal(run, env, name, removes, runtimePath), error: null };
}

async function refusal(
  run: Run,
  env: Record<string, string>,
  name: string,
  removes: readonly RemovedPackage[],
  runtimePath: string,
): Promise<string | null> {
  if (removes.length === 0) return null;
  const names = removes.map((entry) => entry.name);
  const [owners, priorities] = await Promise.all([
    run('dpkg-query', dpkgOwnerArgs(runtimePath), { timeoutMs: QUERY_TIMEOUT_MS, env }),
    run('dpkg-query', dpkgPriorityArgs(names), { timeoutMs: QUERY_TIMEOUT_MS, env }),
  ]);
  const runtime = new Set(owners.exitCode === 0 ? parseOwners(owners.stdout) : []);
  const protectedReasons = parseProtected(priorities.stdout);
  // The package asked for first: perl-base is refused for being Essential itself, not for a
  // required package that happens to go with it.
  const ordered = [name, ...names.filter((other) => other !== name)];
  for (const other of ordered) {
    const why = runtime.has(other)
      ? { self: "what Loadout's agent runs on", other: "which Loadout's agent runs on" }
      : LOADOUT_PACKAGES.includes(other)
        ? { self: 'Loadout itself', other: 'which is Loadout itself' }
        : protectedReasons.has(other)
          ? { self: protectedReasons.get(other)!, other: protectedReasons.get(other)! }
          : null;
    if (!why) continue;
    return other === name
      ? `${name} is ${why.self}: the agent never removes it`
      : `Removing ${name} would also remove ${other}, ${why.other}: the agent never removes it`;
  }
  return null;
}

/** Past this many, a message names the first few and counts the rest. */
const NAMED_IN_MESSAGE = 12;

export function namesOf(packages: readonly RemovedPackage[]): string {
  const names = packages.map((entry) => entry.name);
  const shown = names.slice(0, NAMED_IN_MESSAGE).join(', ');
  return names.length > NAMED_IN_MESSAGE ? `${shown} and ${names.length - NAMED_IN_MESSAGE} more` : shown;
}
