import type { Command } from './cli-args';
import { defaultDeviceName } from './enrolment';
import { EXIT, Failure } from './exit';
import { AGENT_COMMAND_NAME, formatSelfCommand, pathReaches, type SelfProgram } from './self-command';
import type { InstallDeps } from './self-install/deps';
import { installAgent, type InstallResult, type LeaveServer } from './self-install/install';
import type { HoldsReleased } from './self-install/release-holds';
import { uninstallAgent, type UninstallResult } from './self-install/uninstall';
import { AGENT_VERSION } from './version';

/** How install and uninstall talk: lines for people, warnings on stderr. */
export interface Voice {
  say: (line: string) => void;
  warn: (line: string) => void;
}

/** The exact command to type again as root or from an elevated prompt. */
export function refuseUnprivileged(self: SelfProgram, argv: readonly string[], platform: NodeJS.Platform): never {
  const again = formatSelfCommand(self, argv, { root: true, platform });
  const how = platform === 'win32' ? 'from an elevated prompt (Terminal or Command Prompt: Run as administrator)' : 'as root';
  throw new Failure(`${argv[0] ?? 'install'} changes the system (a program, a service): run it ${how}:\n  ${again}`);
}

export async function installCommand(
  command: Extract<Command, { command: 'install' }>,
  context: { self: SelfProgram; argv: readonly string[]; deps: InstallDeps; leave: LeaveServer; voice: Voice },
): Promise<number> {
  const { self, deps, voice } = context;
  if (!deps.privileged) refuseUnprivileged(self, context.argv, deps.platform);
  const result = await installAgent(
    {
      self,
      enrolment: command.enrolment,
      deviceName: command.name ?? defaultDeviceName(),
      insecureHttp: command.insecureHttp,
      runArgs: command.runArgs,
    },
    deps,
    context.leave,
  );
  reportInstall(result, installedSelf(self, result), deps.platform, voice);
  return EXIT.ok;
}

/** The installed program as a command: on PATH through its link, else by its path. */
function installedSelf(self: SelfProgram, result: InstallResult): SelfProgram {
  if (self.kind === 'node') return { ...self, script: result.program };
  return { kind: 'native', program: result.program, onPath: result.link !== null || pathReaches(AGENT_COMMAND_NAME, result.program) };
}

export function reportInstall(result: InstallResult, installed: SelfProgram, platform: NodeJS.Platform, { say, warn }: Voice): void {
  const command = (args: string[], root = true) => formatSelfCommand(installed, args, { root, platform });
  say(`Installed the Loadout agent ${AGENT_VERSION}.`);
  const how = { copied: 'copied here', 'in place': 'already in place', packaged: 'installed by its package, used in place' }[result.placed];
  say(`  Program:   ${result.program} (${how})`);
  if (result.link) say(`  Command:   ${result.link} → ${result.program}`);
  if (result.linkLeft) say(`  Command:   ${result.linkLeft} is not this agent's link and was left as it is`);
  if (result.node) say(`  Runs with: Node at ${result.node}. Keep Node installed there (the native agent needs no Node).`);
  const enrolment = { new: 'enrolled', kept: 'enrolment kept', replaced: 'enrolled again' }[result.enrolment];
  say(`  Device:    "${result.config.deviceName}" with ${result.config.server}, ${enrolment} (${result.configDir})`);
  if (result.replaced) {
    const old = `"${result.replaced.config.deviceName}" on ${result.replaced.config.server}`;
    if (result.replaced.notTold === null) say(`  Replaced:  ${old}, deactivated there`);
    else warn(`The server was not told that ${old} is replaced (${result.replaced.notTold}): deactivate it on the Devices screen.`);
  }
  say(`  Service:   ${result.service.file}, ${result.started ? 'started' : 'written but NOT started'}`);
  if (!result.started) {
    warn('systemd is not running on this machine (a container?), so nothing starts the agent.');
    say(`Run it in the foreground instead: ${command(['run'], false)}`);
    say('Where systemd runs, start the service with: sudo systemctl enable --now loadout-agent');
  } else say(`See it:      ${result.service.hint}`);
  say(`Status:      ${command(['status'])}`);
  say(`Remove it:   ${command(['uninstall'])}`);
}

export async function uninstallCommand(
  command: Extract<Command, { command: 'uninstall' }>,
  context: {
    self: SelfProgram;
    argv: readonly string[];
    deps: InstallDeps;
    unenroll: (configDir: string) => Promise<void>;
    releaseHolds?: (configDir: string) => Promise<HoldsReleased>;
    voice: Voice;
  },
): Promise<number> {
  if (!context.deps.privileged) refuseUnprivileged(context.self, context.argv, context.deps.platform);
  const result = await uninstallAgent({ keepConfig: command.keepConfig }, context.deps, context.unenroll, context.releaseHolds);
  reportUninstall(result, command.keepConfig, context.voice);
  return EXIT.ok;
}

export function reportUninstall(result: UninstallResult, keepConfig: boolean, { say, warn }: Voice): void {
  if (result.removed.length === 0) say('Nothing of the Loadout agent was installed here.');
  else say(['Removed:', ...result.removed.map((path) => `  ${path}`)].join('\n'));
  for (const { path, why } of result.left) warn(`Left ${path}: ${why}.`);
  if (keepConfig) say(`Kept the enrolment in ${result.configDir} (--keep-config), and any holds Loadout set for pinned apps.`);
  if (result.holds) {
    if (result.holds.released.length > 0)
      say(['Released the holds Loadout set for pinned apps:', ...result.holds.released.map((hold) => `  ${hold}`)].join('\n'));
    for (const { hold, why } of result.holds.kept) warn(`Kept the hold on ${hold}: ${why}. It is recorded in ${result.configDir}.`);
    say('Holds you set yourself were left as they are.');
  }
  if (result.packaged)
    say(`${result.packaged} came with its package: remove it with your package manager (sudo apt remove loadout-agent).`);
}
