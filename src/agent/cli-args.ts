import { parseArgs } from 'node:util';

import { AGENT_INVENTORY_INTERVAL_MS, AGENT_INVENTORY_MAX_HOURS, AGENT_INVENTORY_MIN_HOURS, TIMER_MAX_MS } from '@shared/agent/protocol';
import { DEVICE_TAG_MAX, DEVICE_TAG_MESSAGE, DEVICE_TAGS_MAX, isValidDeviceTag } from '@shared/device-tags';
import { HOUR_MS } from '@shared/time';

import { MANAGER_NAMES, type ManagerName } from './installers/installer';
import { insecureTransportProblem } from './transport';

/** A mistake in how the command was typed: printed with a hint, exit code 2. */
export class UsageError extends Error {}

export type Command =
  | { command: 'help' }
  | { command: 'version' }
  | { command: 'enroll'; server: string; code: string; name: string | null; configDir: string | null; insecureHttp: boolean }
  | {
      command: 'run';
      configDir: string | null;
      /** Lets an enrolment over plain http:// to another machine run (enroll --insecure-http remembers it). */
      insecureHttp: boolean;
      installer: ManagerName | null;
      inventoryIntervalMs: number;
      simulateDelayMs: number;
      /** Reported in hello, lower-cased and without repeats; device groups' rules match them. */
      tags: string[];
    }
  | { command: 'status'; configDir: string | null }
  | {
      command: 'unenroll';
      configDir: string | null;
      insecureHttp: boolean;
      /** Forget the enrolment here even when the server cannot be told (it then still lists the machine). */
      force: boolean;
    }
  | { command: 'service'; action: 'install' | 'uninstall'; configDir: string | null; runArgs: string[] }
  | {
      command: 'install';
      /** From the registration link (or --server and --code); null keeps the enrolment already here. */
      enrolment: { server: string; code: string } | null;
      name: string | null;
      insecureHttp: boolean;
      /** Passed on to the service's `run`. */
      runArgs: string[];
    }
  | {
      command: 'uninstall';
      /** Keep the enrolment (and its folder): the machine stays in the account. */
      keepConfig: boolean;
      force: boolean;
      insecureHttp: boolean;
    };

/** --help; `self` is how this program is typed here (self-command.ts). */
export const usage = (self: string): string => `Loadout agent: installs your Loadout lists on this machine with its own package manager.

Usage:
  ${self} install LINK [--name NAME] [--insecure-http] [--installer NAME] [--inventory-hours N] [--tag NAME]
                  (as root: copies this program to its fixed place, enrols, starts the service)
  ${self} uninstall [--keep-config] [--force]      (as root: removes all that install made)
  ${self} enroll --server URL --code CODE [--name NAME] [--config-dir DIR] [--insecure-http]
  ${self} enroll LINK [--name NAME] [--config-dir DIR] [--insecure-http]     (the copied registration link)
  ${self} run [--config-dir DIR] [--installer NAME] [--inventory-hours N] [--tag NAME] [--insecure-http]
  ${self} status [--config-dir DIR]
  ${self} unenroll [--config-dir DIR] [--force] [--insecure-http]
  ${self} service install|uninstall [--config-dir DIR] [--installer NAME] [--inventory-hours N] [--tag NAME]

Options:
  --installer NAME       use only this package manager (${MANAGER_NAMES.join(', ')}); simulated installs nothing
  --inventory-hours N    how often to report installed apps, ${AGENT_INVENTORY_MIN_HOURS} to ${AGENT_INVENTORY_MAX_HOURS} (default ${AGENT_INVENTORY_INTERVAL_MS / HOUR_MS})
  --tag NAME             a tag for this machine, which device groups' rules can match (repeatable)
  --config-dir DIR       where the enrolment is kept (default: the per-user folder, or the system's as root)
  --insecure-http        allow a plain http:// server on another machine (unencrypted; enroll remembers it)
  --force                unenroll, uninstall: forget the enrolment here even if the server cannot be told
  --keep-config          uninstall: keep the enrolment (the machine stays in your account)
  -h, --help             this text;  -v, --version  the agent's version

install puts the program in /usr/local/lib/loadout-agent (linked from /usr/local/bin),
/Library/Application Support/Loadout Agent or %ProgramFiles%\\Loadout Agent, and the enrolment in
the system's folder; run again, it upgrades the program and keeps the enrolment (a new LINK
replaces it). uninstall unenrolls first (--keep-config keeps the enrolment and its folder).

unenroll tells the server first: the machine is deactivated in your account and its credential
stops working, then it is forgotten here. If the server cannot be reached nothing is forgotten
(try again later); --force forgets it here anyway, and the machine stays listed until you
deactivate it on the Devices screen.

Exit codes: 0 done, 1 failed, 2 wrong usage, 3 not enrolled (or the credential was refused),
4 server unreachable, 10 restarting on an updated program (the service starts it again),
75 another agent is already running with this enrolment, 78 this device was deactivated.`;

const options = {
  server: { type: 'string' },
  code: { type: 'string' },
  name: { type: 'string' },
  'config-dir': { type: 'string' },
  installer: { type: 'string' },
  'inventory-hours': { type: 'string' },
  'simulate-delay-ms': { type: 'string' },
  tag: { type: 'string', multiple: true },
  'insecure-http': { type: 'boolean' },
  force: { type: 'boolean' },
  'keep-config': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

function parseWords(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0] ?? 'Invalid arguments');
  }
}
type Values = ReturnType<typeof parseWords>['values'];

const ALLOWED: Record<string, readonly (keyof typeof options)[]> = {
  enroll: ['server', 'code', 'name', 'config-dir', 'insecure-http'],
  run: ['config-dir', 'installer', 'inventory-hours', 'simulate-delay-ms', 'tag', 'insecure-http'],
  status: ['config-dir'],
  unenroll: ['config-dir', 'insecure-http', 'force'],
  service: ['config-dir', 'installer', 'inventory-hours', 'tag', 'insecure-http'],
  install: ['server', 'code', 'name', 'insecure-http', 'installer', 'inventory-hours', 'tag'],
  uninstall: ['keep-config', 'force', 'insecure-http'],
};

export function parseCommand(argv: readonly string[]): Command {
  const { values, positionals } = parseWords(argv);
  if (values.version) return { command: 'version' };
  const [command, ...rest] = positionals;
  if (values.help || command === undefined || command === 'help') return { command: 'help' };
  const allowed = ALLOWED[command];
  if (!allowed) throw new UsageError(`Unknown command "${command}"`);
  for (const key of Object.keys(values) as (keyof typeof options)[]) {
    // The service reads the system's folder, so that is where install enrols.
    if ((command === 'install' || command === 'uninstall') && key === 'config-dir')
      throw new UsageError(`${command} keeps the enrolment in the system's folder: it does not take --config-dir`);
    if (!allowed.includes(key)) throw new UsageError(`${command} does not take --${key}`);
  }
  const configDir = values['config-dir'] ?? null;
  if (configDir === '') throw new UsageError('--config-dir needs a folder');
  const insecureHttp = values['insecure-http'] === true;

  switch (command) {
    case 'enroll': {
      const target = enrolmentTarget(values, rest);
      // Before the code is sent: the code itself would cross the network in clear.
      const problem = insecureHttp ? null : insecureTransportProblem(target.server);
      if (problem) throw new UsageError(problem);
      return { command, configDir, name: nameOption(values.name), insecureHttp, ...target };
    }
    case 'run':
      noMorePositionals(command, rest);
      return {
        command,
        configDir,
        insecureHttp,
        installer: installerOption(values.installer),
        inventoryIntervalMs: inventoryInterval(values['inventory-hours']),
        simulateDelayMs: simulateDelay(values['simulate-delay-ms']),
        tags: tagsOption(values.tag),
      };
    case 'status':
      noMorePositionals(command, rest);
      return { command, configDir };
    case 'unenroll':
      noMorePositionals(command, rest);
      return { command, configDir, insecureHttp, force: values.force === true };
    case 'install': {
      const given = rest.length > 0 || values.server !== undefined || values.code !== undefined;
      const enrolment = given ? enrolmentTarget(values, rest, command) : null;
      const problem = enrolment && !insecureHttp ? insecureTransportProblem(enrolment.server) : null;
      if (problem) throw new UsageError(problem);
      return { command, enrolment, name: nameOption(values.name), insecureHttp, runArgs: serviceRunArgs(values, insecureHttp) };
    }
    case 'uninstall':
      noMorePositionals(command, rest);
      return { command, keepConfig: values['keep-config'] === true, force: values.force === true, insecureHttp };
    default: {
      const [action, ...more] = rest;
      if (action !== 'install' && action !== 'uninstall') throw new UsageError('service needs install or uninstall');
      noMorePositionals(`service ${action}`, more);
      const runOptionGiven =
        values.installer !== undefined || values['inventory-hours'] !== undefined || values.tag !== undefined || insecureHttp;
      if (action === 'uninstall' && runOptionGiven) {
        throw new UsageError('service uninstall takes only --config-dir');
      }
      return { command: 'service', action, configDir, runArgs: serviceRunArgs(values, insecureHttp) };
    }
  }
}

/**
 * The options a service's `run` gets: checked now (a mistake is shown here, not in the service's
 * log), passed on as typed; tags as `run` will read them, one --tag each.
 */
function serviceRunArgs(values: Values, insecureHttp: boolean): string[] {
  if (values.installer !== undefined) installerOption(values.installer);
  if (values['inventory-hours'] !== undefined) inventoryInterval(values['inventory-hours']);
  const tags = tagsOption(values.tag);
  return [
    ...(values.installer !== undefined ? ['--installer', values.installer] : []),
    ...(values['inventory-hours'] !== undefined ? ['--inventory-hours', values['inventory-hours']] : []),
    ...tags.flatMap((tag) => ['--tag', tag]),
    ...(insecureHttp ? ['--insecure-http'] : []),
  ];
}

/**
 * The server and code from `--server URL --code CODE`, or from the registration link the web
 * app copies (`https://host[/prefix]/devices/enroll?code=…`), given in place of both.
 */
function enrolmentTarget(values: Values, rest: string[], command = 'enroll'): { server: string; code: string } {
  if (rest.length > 1) throw new UsageError(`${command} takes one registration link, not ${rest.length} arguments`);
  const [link] = rest;
  if (link !== undefined) {
    if (values.server !== undefined || values.code !== undefined)
      throw new UsageError('Give either a registration link or --server and --code');
    return parseRegistrationLink(link);
  }
  if (!values.server || !values.code) throw new UsageError(`${command} needs --server URL and --code CODE (or the registration link)`);
  return { server: serverUrl(values.server), code: values.code.trim() };
}

export function parseRegistrationLink(link: string): { server: string; code: string } {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new UsageError(`"${link}" is not a registration link (https://…/devices/enroll?code=…)`);
  }
  const code = url.searchParams.get('code')?.trim();
  const marker = url.pathname.lastIndexOf('/devices/enroll');
  if (!/^https?:$/.test(url.protocol) || marker < 0 || !code) {
    throw new UsageError(`"${link}" is not a registration link (https://…/devices/enroll?code=…)`);
  }
  return { server: `${url.origin}${url.pathname.slice(0, marker)}`, code };
}

/** An http(s) address without a trailing slash, query or fragment. */
export function serverUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new UsageError(`--server must be the server's address, e.g. https://loadout.example.com (got "${value}")`);
  }
  if (!/^https?:$/.test(url.protocol)) throw new UsageError('--server must start with https:// or http://');
  let path = url.pathname;
  while (path.endsWith('/')) path = path.slice(0, -1);
  return `${url.origin}${path}`;
}

function nameOption(name: string | undefined): string | null {
  if (name === undefined) return null;
  const trimmed = name.trim();
  if (!trimmed) throw new UsageError('--name must not be blank');
  return trimmed;
}

function installerOption(value: string | undefined): ManagerName | null {
  if (value === undefined) return null;
  const found = MANAGER_NAMES.find((name) => name === value);
  if (!found) throw new UsageError(`--installer must be one of ${MANAGER_NAMES.join(', ')}`);
  return found;
}

/**
 * Each --tag names one tag or several split by commas (`--tag office,lab`). Lower-cased, since
 * a rule naming "office" must match a machine tagged "Office"; repeats count once.
 */
function tagsOption(values: readonly string[] | undefined): string[] {
  const tags = new Set<string>();
  for (const value of values ?? []) {
    for (const piece of value.split(',')) {
      const tag = piece.trim().toLowerCase();
      if (!tag) throw new UsageError(`--tag needs a name (got "${value}")`);
      if (!isValidDeviceTag(tag)) {
        throw new UsageError(`--tag "${piece.trim()}" is not a tag: ${DEVICE_TAG_MESSAGE}, at most ${DEVICE_TAG_MAX} characters`);
      }
      tags.add(tag);
    }
  }
  if (tags.size > DEVICE_TAGS_MAX) throw new UsageError(`A machine takes at most ${DEVICE_TAGS_MAX} tags (--tag), not ${tags.size}`);
  return [...tags];
}

/** Every delay an option sets ends up in a timer, so each is bounded by what a timer holds. */
function inventoryInterval(value: string | undefined): number {
  if (value === undefined) return AGENT_INVENTORY_INTERVAL_MS;
  const hours = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || !(hours >= AGENT_INVENTORY_MIN_HOURS) || !(hours <= AGENT_INVENTORY_MAX_HOURS)) {
    throw new UsageError(
      `--inventory-hours must be a number of hours from ${AGENT_INVENTORY_MIN_HOURS} to ${AGENT_INVENTORY_MAX_HOURS} (three weeks)`,
    );
  }
  return Math.min(Math.round(hours * HOUR_MS), TIMER_MAX_MS);
}

/** Each simulated install takes this long: an hour is more than any demonstration needs. */
export const SIMULATE_DELAY_MAX_MS = HOUR_MS;

function simulateDelay(value: string | undefined): number {
  if (value === undefined) return 0;
  const ms = Number(value);
  if (!/^\d{1,9}$/.test(value) || ms > SIMULATE_DELAY_MAX_MS) {
    throw new UsageError(`--simulate-delay-ms must be a whole number of milliseconds from 0 to ${SIMULATE_DELAY_MAX_MS}`);
  }
  return ms;
}

function noMorePositionals(command: string, rest: string[]): void {
  if (rest.length > 0) throw new UsageError(`${command} does not take "${rest[0]}"`);
}
