import { formatDuration } from '../process';
import { between, cleanLines, logTail, words } from './output';

/** What apt-get, apt and dpkg-query print, read into what the apt installer decides on. */

const LISTS_MAX_AGE_MS = 24 * 60 * 60_000;

/** `dpkg-query -W -f='${Package}\t${Status}\t${Version}\n'`: installed packages and their versions. */
export function parseDpkgQuery(stdout: string): Map<string, string> {
  const installed = new Map<string, string>();
  for (const line of stdout.split('\n')) {
    const [name, status, version] = line.split('\t');
    if (!name || !status || version === undefined) continue;
    // "install ok installed", "hold ok installed"; not "deinstall ok config-files" or "unknown ok not-installed".
    if (words(status)[2] !== 'installed') continue;
    const bare = name.split(':')[0]!;
    if (!installed.has(bare)) installed.set(bare, version.trim());
  }
  return installed;
}

/** A newer version apt offers, and whether one of the suites it comes from is a security suite. */
export interface AptUpgrade {
  version: string;
  security: boolean;
}

/**
 * `apt list --upgradable`: "jq/oldstable-security 1.6-2.1+deb12u3 amd64 [upgradable from: …]" →
 * jq → 1.6-2.1+deb12u3, security. The suites are comma-separated ("oldstable,oldstable-security");
 * Debian's and Ubuntu's security suites end in "-security".
 */
export function parseAptUpgradable(stdout: string): Map<string, AptUpgrade> {
  const upgradable = new Map<string, AptUpgrade>();
  for (const line of stdout.split('\n')) {
    if (!line.includes('[upgradable from:')) continue;
    const [nameAndSuite, available] = words(line);
    const slash = nameAndSuite?.indexOf('/') ?? -1;
    if (!nameAndSuite || !available || slash <= 0) continue;
    const suites = nameAndSuite.slice(slash + 1).split(',');
    upgradable.set(nameAndSuite.slice(0, slash), { version: available, security: suites.some((suite) => suite.endsWith('-security')) });
  }
  return upgradable;
}

export type AptFailure =
  | { kind: 'lock'; holder: string | null }
  | { kind: 'not-root' }
  | { kind: 'not-found' }
  | { kind: 'no-candidate' }
  | { kind: 'would-remove' }
  | { kind: 'other'; line: string | null };

/** What went wrong, from apt-get's "E:" lines. */
export function classifyAptFailure(output: string): AptFailure {
  const lines = cleanLines(output);
  const has = (needle: string) => lines.some((line) => line.includes(needle));
  if (has('are you root?') || has('Permission denied')) return { kind: 'not-root' };
  if (has('Could not get lock') || has('Unable to acquire the dpkg frontend lock') || has('Unable to lock')) {
    return { kind: 'lock', holder: lockHolder(lines) };
  }
  if (has('Unable to locate package')) return { kind: 'not-found' };
  if (has('has no installation candidate')) return { kind: 'no-candidate' };
  if (has('Packages need to be removed but remove is disabled')) return { kind: 'would-remove' };
  const error = lines.find((line) => line.startsWith('E: '));
  return { kind: 'other', line: error ? error.slice(3) : null };
}

/** "It is held by process 28603 (python3)" → "python3 (process 28603)". */
function lockHolder(lines: readonly string[]): string | null {
  for (const line of lines) {
    const held = between(line, 'held by process ', ')');
    if (held === null) continue;
    const [pid, name] = held.split(' (');
    if (pid && name) return `${name} (process ${pid})`;
  }
  return null;
}

/** "hello is already the newest version (2.10-3)." → "2.10-3" */
export function alreadyNewestVersion(output: string): string | null {
  const line = cleanLines(output).find((text) => text.includes(' is already the newest version ('));
  return line ? between(line, 'newest version (', ')') : null;
}

/**
 * Whether apt kept this package back instead of upgrading it ("The following packages have been
 * kept back:" and the names indented below): a hold, or a newer version whose dependencies
 * cannot be met. Only the lines under that heading are read, so a name elsewhere does not count.
 */
export function keptBack(output: string, name: string): boolean {
  const lines = cleanLines(output);
  const heading = lines.findIndex((line) => line.startsWith('The following packages have been kept back'));
  if (heading < 0) return false;
  for (const line of lines.slice(heading + 1)) {
    if (!line.startsWith(' ')) break;
    if (line.trim().split(/\s+/).includes(name)) return true;
  }
  return false;
}

/** Lists to refresh: none downloaded yet, or the newest older than a day. */
export function listsNeedUpdate(files: ReadonlyArray<{ name: string; mtimeMs: number }>, now: number): boolean {
  const lists = files.filter((file) => !['lock', 'partial', 'auxfiles'].includes(file.name));
  if (lists.length === 0) return true;
  return now - Math.max(...lists.map((file) => file.mtimeMs)) > LISTS_MAX_AGE_MS;
}

export function failureMessage(failure: AptFailure, lockWaitedMs: number): string {
  switch (failure.kind) {
    case 'lock':
      return `The package manager was busy: ${failure.holder ?? 'another program'} held the dpkg lock for more than ${formatDuration(lockWaitedMs)}`;
    case 'not-root':
      return 'apt needs administrator rights: run the agent as root (as its service does)';
    case 'not-found':
      return 'Not found in the apt sources';
    case 'no-candidate':
      return 'Not installable from the apt sources (no installation candidate)';
    case 'would-remove':
      return 'apt would have to remove other packages to do this, so nothing was changed';
    case 'other':
      return failure.line ?? 'apt-get failed';
  }
}

/**
 * `apt-cache policy -- a b c` → each asked name the sources know exactly, with its candidate
 * version (null: known, nothing installable). A name apt read as a pattern answers with the
 * packages it matched, never with a header of its own: it is left out, as an unknown name is.
 * One pass over the lines.
 */
export function parseAptPolicy(stdout: string, asked: ReadonlySet<string>): Map<string, string | null> {
  const known = new Map<string, string | null>();
  let current: string | null = null;
  for (const line of stdout.split('\n')) {
    if (line !== '' && line[0] !== ' ' && line.endsWith(':')) {
      const name = line.slice(0, -1);
      current = asked.has(name) && !known.has(name) ? name : null;
      if (current !== null) known.set(current, null);
      continue;
    }
    const trimmed = line.trim();
    if (current !== null && trimmed.startsWith('Candidate: ')) {
      const candidate = trimmed.slice('Candidate: '.length).trim();
      known.set(current, candidate === '(none)' || candidate === '' ? null : candidate);
      current = null;
    }
  }
  return known;
}

const STATUS_PREFIXES = ['pmstatus:', 'dlstatus:', 'pmconffile:', 'pmerror:', 'media-change:'];

/** Whether a line is apt's machine-readable progress (APT::Status-Fd), not words for a person. */
export const isAptStatusLine = (line: string): boolean => STATUS_PREFIXES.some((prefix) => line.startsWith(prefix));

/** "pmstatus:hello:20.0000:Unpacking hello (amd64)" → "hello"; null for other lines and dpkg's own. */
export function aptStatusPackage(line: string): string | null {
  if (!line.startsWith('pmstatus:')) return null;
  const end = line.indexOf(':', 'pmstatus:'.length);
  const name = end < 0 ? '' : line.slice('pmstatus:'.length, end);
  return name === '' || name === 'dpkg-exec' ? null : name;
}

/** Characters of a Debian package name: a match must not be part of a longer name. */
const isNameChar = (char: string | undefined): boolean => char !== undefined && /[a-z0-9.+-]/.test(char);

/** Whether the name ends at `end`: a sentence's full stop ("package hello.") ends it, "python3.11" does not end "python3". */
function endsAt(line: string, end: number): boolean {
  if (line[end] === '.') return !isNameChar(line[end + 1]);
  return !isNameChar(line[end]);
}

function mentions(line: string, name: string): boolean {
  for (let at = line.indexOf(name); at >= 0; at = line.indexOf(name, at + 1)) {
    if (!isNameChar(line[at - 1]) && endsAt(line, at + name.length)) return true;
  }
  return false;
}

/**
 * One package's part of a batch's output: the lines that name it ("Unpacking hello (2.10-3)",
 * "Setting up hello …"), as a log tail; the batch's own tail when none do. Status lines are
 * left out of both.
 */
export function batchLog(output: string, name: string): string {
  const lines = cleanLines(output).filter((line) => !isAptStatusLine(line));
  const own = lines.filter((line) => mentions(line, name));
  return logTail((own.length > 0 ? own : lines).join('\n'));
}
