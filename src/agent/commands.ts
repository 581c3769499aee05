import { realpathSync } from 'node:fs';

import { ErrorCode } from '@shared/api/error-codes';

import { Agent, type AgentExit, type AgentObserver } from './agent';
import { parseCommand, USAGE, UsageError, type Command } from './cli-args';
import { ConfigStore, isPrivileged, resolveConfigDir, type AgentConfig } from './config-store';
import {
  defaultDeviceName,
  deviceOfCredential,
  enrollWithCode,
  newDeviceId,
  ServerRefused,
  ServerUnreachable,
  unenrollFromServer,
} from './enrolment';
import { acquireInstanceLock, AlreadyRunning, runningAgent } from './instance-lock';
import { consoleLogger } from './log';
import { installService, systemServiceDeps, uninstallService } from './service/index';
import { insecureTransportProblem } from './transport';
import { AGENT_VERSION } from './version';

/**
 * Exit codes (also in --help): systemd does not restart the agent after 3 or 78. 75 (another
 * agent holds this enrolment) is restarted: the service takes over once that agent stops.
 */
export const EXIT = { ok: 0, failed: 1, usage: 2, notEnrolled: 3, unreachable: 4, alreadyRunning: 75, deactivated: 78 } as const;

/** A failure that has its own exit code and one line for people. */
class Failure extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.failed,
  ) {
    super(message);
  }
}

const say = (line: string) => process.stdout.write(`${line}\n`);

/** What a host running the agent's commands in its own process adds (the desktop client's service mode). */
export interface CommandHooks {
  /** Follows the agent of `run`. */
  observer?: AgentObserver;
}

/** The agent's commands (cli.ts runs them from the command line); resolves with the exit code. */
export async function main(argv: readonly string[], hooks: CommandHooks = {}): Promise<number> {
  try {
    const command = parseCommand(argv);
    return await execute(command, hooks);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`loadout-agent: ${error.message}\nRun "loadout-agent --help" for usage.\n`);
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

async function execute(command: Command, hooks: CommandHooks): Promise<number> {
  switch (command.command) {
    case 'help':
      say(USAGE);
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
      return service(command);
  }
}

async function storedEnrolment(configDirOption: string | null) {
  const store = new ConfigStore(resolveConfigDir(configDirOption ?? undefined));
  const config = await store.load();
  if (!config) {
    throw new Failure(
      `This machine is not enrolled yet (nothing in ${store.dir}): run "loadout-agent enroll LINK" first`,
      EXIT.notEnrolled,
    );
  }
  return { store, config };
}

/**
 * The stored enrolment for a command that sends its credential: refused first when it points at
 * a plain http:// server on another machine, unless enrolment or this command said --insecure-http.
 */
async function enrolled(configDirOption: string | null, insecureHttp = false) {
  const found = await storedEnrolment(configDirOption);
  const problem = insecureHttp || found.config.insecureHttp ? null : insecureTransportProblem(found.config.server);
  if (problem) throw new Failure(problem, EXIT.usage);
  return found;
}

async function enroll(command: Extract<Command, { command: 'enroll' }>): Promise<number> {
  const store = new ConfigStore(resolveConfigDir(command.configDir ?? undefined));
  const existing = await store.load();
  if (existing) {
    throw new Failure(
      `Already enrolled with ${existing.server} as "${existing.deviceName}" (${store.dir}): run "loadout-agent unenroll" first`,
    );
  }
  // Before the code is spent: a folder we cannot write would lose the credential.
  await store.checkWritable().catch((error: NodeJS.ErrnoException) => {
    throw new Failure(`Cannot write to ${store.dir} (${error.code ?? error.message}): choose another --config-dir or run as its owner`);
  });
  const deviceName = command.name ?? defaultDeviceName();
  const answer = await enrollWithCode({ server: command.server, code: command.code, deviceId: newDeviceId(), deviceName });
  await store.save({
    server: command.server,
    deviceId: answer.device.device_id,
    deviceName: answer.device.device_name,
    credential: answer.credential,
    ...(command.insecureHttp ? { insecureHttp: true as const } : {}),
  });
  const dirOption = command.configDir ? ` --config-dir ${JSON.stringify(store.dir)}` : '';
  say(`Enrolled "${answer.device.device_name}" with ${command.server}.`);
  say(`Start the agent:        loadout-agent run${dirOption}`);
  say(`Or run it as a service: sudo loadout-agent service install${dirOption}`);
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

/**
 * Leaves the account: the server deactivates the machine and retires its credential (an agent
 * still running as a service is told and stops), then the enrolment is forgotten here. A server
 * that cannot be told keeps everything as it was, unless --force: forgetting only here would
 * leave the machine listed and its credential working.
 */
async function unenroll(command: Extract<Command, { command: 'unenroll' }>): Promise<number> {
  const { store, config } = await storedEnrolment(command.configDir);
  const problem = command.insecureHttp || config.insecureHttp ? null : insecureTransportProblem(config.server);
  let left = false;
  let unreachable = false;
  let notTold: string | null = problem;
  if (!problem) {
    try {
      await unenrollFromServer(config.server, config.credential);
      left = true;
    } catch (error) {
      // 401: the server honours this credential no more (deactivated, or the account is gone).
      if (error instanceof ServerRefused && error.status === 401) left = true;
      else if (error instanceof ServerUnreachable || error instanceof ServerRefused) {
        unreachable = error instanceof ServerUnreachable;
        notTold = error.message;
      } else throw error;
    }
  }
  if (!left && !command.force) {
    const exitCode = problem ? EXIT.usage : unreachable ? EXIT.unreachable : EXIT.failed;
    throw new Failure(
      `${notTold ?? 'The server was not told'}\nNothing was forgotten: try again, or add --force to forget this machine here anyway ` +
        '(the server then still lists it until you deactivate it on the Devices screen).',
      exitCode,
    );
  }
  await store.remove();
  if (left) {
    say(`"${config.deviceName}" is deactivated on ${config.server}; its credential no longer works.`);
    say(`Forgot the enrolment (${store.file}).`);
  } else {
    say(`Forgot the enrolment with ${config.server} here only (${store.file}): the server was not told (${notTold}).`);
    say('The machine stays in your account, and its credential keeps working, until you deactivate it on the Devices screen.');
  }
  return EXIT.ok;
}

async function service(command: Extract<Command, { command: 'service' }>): Promise<number> {
  if (!isPrivileged()) {
    const how = process.platform === 'win32' ? 'from an elevated (Administrator) prompt' : 'with sudo';
    throw new Failure(`Installing or removing the service changes the system: run it ${how}`);
  }
  const deps = systemServiceDeps();
  if (command.action === 'uninstall') {
    const dir = resolveConfigDir(command.configDir ?? undefined);
    const plan = await uninstallService(dir, deps);
    say(`Removed the Loadout agent service (${plan.file}). The enrolment in ${dir} is kept.`);
    return EXIT.ok;
  }
  const { store } = await enrolled(command.configDir, command.runArgs.includes('--insecure-http'));
  const plan = await installService([...agentProgram(), 'run', '--config-dir', store.dir, ...command.runArgs], store.dir, deps);
  say(`Installed and started the Loadout agent service (${plan.file}).`);
  say(`Check it: ${plan.hint}`);
  return EXIT.ok;
}

/** node and this script; under tsx (a .ts file) with the loader flags node was started with. */
function agentProgram(): string[] {
  const script = realpathSync(process.argv[1] ?? '');
  return [process.execPath, ...(script.endsWith('.ts') ? process.execArgv : []), script];
}
