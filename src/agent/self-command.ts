import { realpathSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * How this program was started, so that every command the agent prints can be typed as it is on
 * this machine: the same agent is a native executable (on PATH once installed), a downloaded
 * executable anywhere, `loadout-agent.mjs` run by Node, or the source tree under tsx.
 */
export type SelfProgram =
  /** A single executable; `onPath`: typing `loadout-agent` reaches this very file. */
  | { kind: 'native'; program: string; onPath: boolean }
  /** `node script`; `nodeOnPath`: typing `node` reaches this Node. */
  | { kind: 'node'; node: string; script: string; nodeOnPath: boolean }
  /** The source tree (`npm run agent -- …`, tsx). */
  | { kind: 'dev' };

export const AGENT_COMMAND_NAME = 'loadout-agent';

/** True in a Node single executable application. node:sea is absent before Node 20.12. */
export function isSea(): boolean {
  try {
    const sea = process.getBuiltinModule?.('node:sea') as { isSea?: () => boolean } | undefined;
    return sea?.isSea?.() === true;
  } catch {
    return false;
  }
}

const real = (path: string): string | null => {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
};

/** Whether `name`, looked up on PATH as a shell would, is the file `target`. */
export function pathReaches(name: string, target: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const want = real(target);
  if (!want) return false;
  const names = process.platform === 'win32' ? [`${name}.exe`, name] : [name];
  for (const dir of (env.PATH ?? env.Path ?? '').split(delimiter)) {
    if (!dir) continue;
    for (const candidate of names) {
      const found = real(join(dir, candidate));
      if (found) return found === want;
    }
  }
  return false;
}

/** This process, read once: which file runs, and what PATH reaches. */
export function detectSelf(): SelfProgram {
  if (isSea()) {
    const program = real(process.execPath) ?? process.execPath;
    return { kind: 'native', program, onPath: pathReaches(AGENT_COMMAND_NAME, program) };
  }
  const script = process.argv[1] ? real(process.argv[1]) : null;
  // No script (a host such as the desktop client): the installed name is the best guess.
  if (!script) return { kind: 'native', program: AGENT_COMMAND_NAME, onPath: true };
  if (script.endsWith('.ts')) return { kind: 'dev' };
  return { kind: 'node', node: process.execPath, script, nodeOnPath: pathReaches('node', process.execPath) };
}

let current: SelfProgram | null = null;
export const currentSelf = (): SelfProgram => (current ??= detectSelf());

/** One word as a POSIX shell or a Windows prompt reads it back. */
export function quoteWord(word: string, platform: NodeJS.Platform = process.platform): string {
  if (/^[\w@%+=:,./\\-]+$/.test(word) && (platform === 'win32' || !word.includes('\\'))) return word;
  if (platform === 'win32') return `"${word.replace(/"/g, '""')}"`;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The words that start this program, before its arguments. */
export function selfWords(self: SelfProgram): string[] {
  switch (self.kind) {
    case 'native':
      return [self.onPath ? AGENT_COMMAND_NAME : self.program];
    case 'node':
      return [self.nodeOnPath ? 'node' : self.node, self.script];
    case 'dev':
      return ['npm', 'run', 'agent', '--'];
  }
}

/**
 * A command line that runs this program with `args` on this machine; `root`: one that changes
 * the system, so with sudo on POSIX (Windows has no such prefix: the message says "elevated").
 * Arguments in capitals (LINK) are placeholders and are left as they are.
 */
export function formatSelfCommand(
  self: SelfProgram,
  args: readonly string[],
  options: { root?: boolean; platform?: NodeJS.Platform } = {},
): string {
  const platform = options.platform ?? process.platform;
  const words = [...selfWords(self).map((word) => quoteWord(word, platform)), ...args.map((arg) => quoteWord(arg, platform))];
  return `${options.root && platform !== 'win32' ? 'sudo ' : ''}${words.join(' ')}`;
}

/** `formatSelfCommand` for this process: every message that names a command uses this. */
export const selfCommand = (args: readonly string[], options: { root?: boolean } = {}): string =>
  formatSelfCommand(currentSelf(), args, options);
