import { existsSync, realpathSync } from 'node:fs';

import { ErrorCode } from '@shared/api/error-codes';

import { Agent, type AgentExit, type AgentObserver } from './agent';
import { parseCommand, usage, UsageError, type Command } from './cli-args';
import { ConfigStore, isPrivileged, resolveConfigDir, type AgentConfig } from './config-store';
import {
  defaultDeviceName,
  deviceOfCredential,
  enrolledConfig,
  enrollWithCode,
  newDeviceId,
  ServerRefused,
  ServerUnreachable,
} from './enrolment';
import { EXIT, Failure } from './exit';
import { installCommand, uninstallCommand, type Voice } from './install-commands';
import { detectInstallers } from './installers/index';
import { acquireInstanceLock, AlreadyRunning, runningAgent } from './instance-lock';
import { consoleLogger } from './log';
import { currentSelf, isSea, selfCommand } from './self-command';
import { systemInstallDeps } from './self-install/deps';
import { SYSTEMD_BOOTED_MARKER } from './self-install/install';
import { releaseAgentHolds } from './self-install/release-holds';
import { installService, systemServiceDeps, uninstallService } from './service/index';
import { enrolled, leaveServer, unenroll } from './unenroll-command';
import { EXIT_RESTART } from './updater/index';
import { WATCHDOG_COMMAND, watchdogCommand } from './updater/watchdog-command';
import { AGENT_VERSION } from './version';

export { EXIT } from './exit';

const say = (line: string) => process.stdout.write(`${line}\n`);
const voice: Voice = { say, warn: (line) => process.stderr.write(`loadout-agent: warning: ${line}\n`) };

/** What a host running the agent's commands in its own process adds (the desktop client's service mode). */
export interface CommandHooks {
  /** Follows the agent of `run`. */
  observer?: AgentObserver;
}

/** The agent's commands (cli.ts runs them from the command line); resolves with the exit code. */
export async function main(argv: readonly string[], hooks: CommandHooks = {}): Promise<number> {
  // Not in --help: started by the updater from the previous program, never by people.
  if (argv[0] === WATCHDOG_COMMAND) return watchdogCommand(argv.slice(1));
  try {
    const command = parseCommand(argv);
    return await execute(command, hooks, argv);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`loadout-agent: ${error.message}\nRun "${selfCommand(['--help'])}" for usage.\n`);
      return EXIT.usage;
    }
    if (error instanceof Failure) {
      process.stderr.write(`loadout-agent: ${error.message}\n`);
      return error.exitCode;
    }
    if (error instanceof ServerUnreachable) {
      process.stderr.write(`loadout-agent: ${error.message}\n`);
      return EXIT.unreachable;
    }
    if (error instanceof AlreadyRunning) {
      process.stderr.write(`loadout-agent: ${error.message}\n`);
      return EXIT.alreadyRunning;
    }
    if (error instanceof ServerRefused) {
      process.stderr.write(`loadout-agent: ${error.message}\n`);
      return error.code === ErrorCode.DEVICE_DEACTIVATED_REMOTELY ? EXIT.deactivated : EXIT.failed;
    }
    process.stderr.write(`loadout-agent: ${(error as Error).message}\n`);
    return EXIT.failed;
  }
}

async function execute(command: Command, hooks: CommandHooks, argv: readonly string[]): Promise<number> {
  switch (command.command) {
    case 'help':
      say(usage(selfCommand([])));
      return EXIT.ok;
    case 'version':
      say(AGENT_VERSION);
      return EXIT.ok;
    case 'enroll':
      return enroll(command);
    case 'run':
      return run(command, hooks);
    case 'status':
      return status(command.configDir);
    case 'unenroll':
      return unenroll(command);
    case 'service':
      return service(command, argv);
    case 'install':
      return installCommand(command, { self: currentSelf(), argv, deps: systemInstallDeps(), leave: leaveServer, voice });
    case 'uninstall': {
      // The existing unenroll: it tells the server first, and nothing is removed when it cannot.
      const forget = (configDir: string) =>
        unenroll({ command: 'unenroll', configDir, insecureHttp: command.insecureHttp, force: command.force }).then(
          () => undefined,
          (error: unknown) => {
            if (!(error instanceof Failure)) throw error;
            const keep = selfCommand(['uninstall', '--keep-config'], { root: true });
            throw new Failure(
              `${error.message}\nNothing was uninstalled. To remove the program and keep the enrolment: ${keep}`,
              error.exitCode,
            );
          },
        );
      // The managers are asked for only when the agent recorded a hold to release.
      const releaseHolds = (configDir: string) =>
        releaseAgentHolds(
          configDir,
          async () => new Map((await detectInstallers()).map((installer) => [installer.name, installer])),
          consoleLogger(),
        );
      return uninstallCommand(command, { self: currentSelf(), argv, deps: systemInstallDeps(), unenroll: forget, releaseHolds, voice });
    }
  }
}

async function enroll(command: Extract<Command, { command: 'enroll' }>): Promise<number> {
  const store = new ConfigStore(resolveConfigDir(command.configDir ?? undefined));
  const existing = await store.load();
  if (existing) {
    throw new Failure(
      `Already enrolled with ${existing.server} as "${existing.deviceName}" (${store.dir}): run "${selfCommand(['unenroll', ...dirArgs(command.configDir)], { root: isPrivileged() })}" first`,
    );
  }
  // Before the code is spent: a folder we cannot write would lose the credential.
  await store.checkWritable().catch((error: NodeJS.ErrnoException) => {
    throw new Failure(`Cannot write to ${store.dir} (${error.code ?? error.message}): choose another --config-dir or run as its owner`);
  });
  const deviceName = command.name ?? defaultDeviceName();
  const answer = await enrollWithCode({ server: command.server, code: command.code, deviceId: newDeviceId(), deviceName });
  // The release key is pinned here, with the credential: updates are checked against it.
  await store.save(enrolledConfig(command.server, answer, { insecureHttp: command.insecureHttp }));
  const dirOption = command.configDir ? ['--config-dir', store.dir] : [];
  say(`Enrolled "${answer.device.device_name}" with ${command.server}.`);
  say(`Start the agent:        ${selfCommand(['run', ...dirOption], { root: isPrivileged() })}`);
  say(`Or run it as a service: ${selfCommand(['service', 'install', ...dirOption], { root: true })}`);
  return EXIT.ok;
}

async function run(command: Extract<Command, { command: 'run' }>, hooks: CommandHooks): Promise<number> {
  const { store, config } = await enrolled(command.configDir, command.insecureHttp);
  // Two agents on one enrolment push each other off the server and each runs every job.
  const lock = await acquireInstanceLock(store.dir);
  try {
    return await runLocked(store, config, command, hooks, (until) => lock.waiting(until));
  } finally {
    await lock.release();
  }
}

async function runLocked(
  store: ConfigStore,
  config: AgentConfig,
  command: Extract<Command, { command: 'run' }>,
  hooks: CommandHooks,
  recordWaiting: (until: Date | null) => Promise<void>,
): Promise<number> {
  const log = consoleLogger();
  log.info(`Loadout agent ${AGENT_VERSION}: ${config.server}, "${config.deviceName}" (${store.dir})`);
  let recording: Promise<void> = Promise.resolve();
  const waiting = (until: Date | null) => {
    hooks.observer?.waiting?.(until);
    recording = recording
      .then(() => recordWaiting(until))
      .catch((error: unknown) => log.warn(`Could not note the wait in the lock file: ${(error as Error).message}`));
  };
  const agent = new Agent({
    configDir: store.dir,
    config,
    installerName: command.installer,
    inventoryIntervalMs: command.inventoryIntervalMs,
    simulateDelayMs: command.simulateDelayMs,
    tags: command.tags,
    log,
    removeService: isPrivileged() ? () => uninstallService(store.dir, systemServiceDeps(), true).then(() => undefined) : undefined,
    // Not spread: the host's observer may be a class whose methods live on its prototype.
    observer: {
      connection: (online) => hooks.observer?.connection?.(online),
      received: (message) => hooks.observer?.received?.(message),
      sent: (message) => hooks.observer?.sent?.(message),
      waiting,
    },
  });
  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    // A second Ctrl-C does not wait for the running package-manager call.
    if (signals > 1) process.exit(130);
    log.info(`${signal}: stopping after the current package-manager call`);
    agent.stop();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const exit: AgentExit = await agent.run();
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  await recording;
  if (exit.reason === 'deactivated') return EXIT.deactivated;
  if (exit.reason === 'refused') return EXIT.notEnrolled;
  if (exit.restart) return EXIT_RESTART;
  return EXIT.ok;
}

async function status(configDir: string | null): Promise<number> {
  const { store, config } = await enrolled(configDir);
  say(`Server:      ${config.server}`);
  say(`Device:      ${config.deviceName} (${config.deviceId})`);
  say(`Config:      ${store.file}`);
  const holder = await runningAgent(store.dir);
  if (!holder) say('Agent:       not running with this enrolment here');
  else if (holder.waitingUntil && new Date(holder.waitingUntil).getTime() > Date.now()) {
    const minutes = Math.ceil((new Date(holder.waitingUntil).getTime() - Date.now()) / 60_000);
    say(`Agent:       process ${holder.pid} is waiting: another agent with this enrolment connected; it tries again in ${minutes} minutes`);
  } else say(`Agent:       running (process ${holder.pid}, since ${holder.startedAt})`);
  try {
    const device = await deviceOfCredential(config.server, config.credential);
    say(`Status:      enrolled and active as "${device.device_name}"`);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof ServerRefused && error.code === ErrorCode.DEVICE_DEACTIVATED_REMOTELY) {
      say('Status:      deactivated: enrol this machine again with a new code');
      return EXIT.deactivated;
    }
    if (error instanceof ServerRefused && error.status === 401) {
      say(`Status:      the server refused this machine's credential (${error.message})`);
      return EXIT.notEnrolled;
    }
    throw error;
  }
}

async function service(command: Extract<Command, { command: 'service' }>, argv: readonly string[]): Promise<number> {
  if (!isPrivileged()) {
    const how = process.platform === 'win32' ? 'from an elevated (Administrator) prompt' : 'as root';
    throw new Failure(`Installing or removing the service changes the system: run it ${how}: ${selfCommand(argv, { root: true })}`);
  }
  const deps = systemServiceDeps();
  if (command.action === 'uninstall') {
    const dir = resolveConfigDir(command.configDir ?? undefined);
    const plan = await uninstallService(dir, deps);
    say(`Removed the Loadout agent service (${plan.file}). The enrolment in ${dir} is kept.`);
    return EXIT.ok;
  }
  const { store } = await enrolled(command.configDir, command.runArgs.includes('--insecure-http'));
  const runArgs = ['run', '--config-dir', store.dir, ...command.runArgs];
  const start = process.platform !== 'linux' || existsSync(SYSTEMD_BOOTED_MARKER);
  const plan = await installService([...agentProgram(), ...runArgs], store.dir, deps, { start });
  if (!start) {
    voice.warn('systemd is not running on this machine (a container?), so nothing starts the agent.');
    say(`Wrote the Loadout agent service (${plan.file}) but did not start it.`);
    say(`Run the agent in the foreground instead: ${selfCommand(runArgs)}`);
    return EXIT.ok;
  }
  say(`Installed and started the Loadout agent service (${plan.file}).`);
  say(`Check it: ${plan.hint}`);
  return EXIT.ok;
}

/**
 * A native executable alone (its argv[1] is itself again); otherwise node and this script, under
 * tsx (a .ts file) with the loader flags node was started with.
 */
function agentProgram(): string[] {
  if (isSea()) return [process.execPath];
  const script = realpathSync(process.argv[1] ?? '');
  return [process.execPath, ...(script.endsWith('.ts') ? process.execArgv : []), script];
}

const dirArgs = (configDir: string | null): string[] => (configDir ? ['--config-dir', configDir] : []);
