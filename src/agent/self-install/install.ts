import { ConfigStore, type AgentConfig } from '../config-store';
import { EXIT, Failure } from '../exit';
import { formatSelfCommand, type SelfProgram } from '../self-command';
import { installService, servicePlan, underRoot, type ServicePlan } from '../service/index';
import { SYSTEMD_UNIT_NAME } from '../service/systemd';
import { WINDOWS_TASK_NAME } from '../service/windows';
import type { InstallDeps } from './deps';
import { agentHome, PACKAGED_PROGRAMS, systemConfigDir, type AgentHome } from './homes';

export interface InstallRequest {
  self: SelfProgram;
  /** From the registration link; null keeps the enrolment already here. */
  enrolment: { server: string; code: string } | null;
  deviceName: string;
  insecureHttp: boolean;
  /** Passed on to the service's `run` (--installer, --inventory-hours, --insecure-http). */
  runArgs: string[];
}

export interface InstallResult {
  /** The program the service runs, and how it got there. */
  program: string;
  placed: 'copied' | 'in place' | 'packaged';
  /** The link on PATH, when it is ours; `linkLeft`: something else was there and is left alone. */
  link: string | null;
  linkLeft: string | null;
  /** Node, when the program is the .mjs: it must stay installed. */
  node: string | null;
  configDir: string;
  config: AgentConfig;
  enrolment: 'new' | 'kept' | 'replaced';
  /** The enrolment a new link replaced, and why the server could not be told it is gone (null: it was). */
  replaced: { config: AgentConfig; notTold: string | null } | null;
  service: ServicePlan;
  /** False where nothing could start it (no systemd as init: a container). */
  started: boolean;
}

/** Tells the server an enrolment is done with (the credential stops working). */
export type LeaveServer = (config: AgentConfig) => Promise<void>;

/** systemd is the init only when this exists (sd_booted()); containers usually have systemctl but no systemd. */
export const SYSTEMD_BOOTED_MARKER = '/run/systemd/system';

export async function systemdRuns(deps: InstallDeps): Promise<boolean> {
  return (await deps.kind(underRoot(deps.root, SYSTEMD_BOOTED_MARKER))) === 'dir';
}

/**
 * Copies this program to its fixed home, enrols (or keeps the enrolment), writes the service
 * pointing at the home and starts it. The code is spent before anything else changes, so a
 * wrong link leaves the machine as it was.
 */
export async function installAgent(request: InstallRequest, deps: InstallDeps, leave: LeaveServer): Promise<InstallResult> {
  const at = (path: string) => underRoot(deps.root, path);
  const { self } = request;
  if (self.kind === 'dev') {
    throw new Failure(
      'install copies the program it runs, and this is the source tree: build the agent (npm run build:agent) and run ' +
        'sudo node dist/agent/loadout-agent.mjs install LINK',
      EXIT.usage,
    );
  }
  const configDir = systemConfigDir(deps.platform, deps.env);
  const { config, enrolment, replaced } = await enrol(request, new ConfigStore(at(configDir)), deps, leave);

  const source = self.kind === 'native' ? self.program : self.script;
  const packaged = self.kind === 'native' && PACKAGED_PROGRAMS.includes(self.program);
  const home = agentHome(deps.platform, deps.env, self.kind);
  const program = packaged ? self.program : home.program;
  const plan = servicePlan(deps.platform, [], configDir);
  const serviceExisted = (await deps.kind(at(plan.file))) !== null;
  // Windows keeps a running program's file: the old agent lets go of it before it is replaced.
  if (deps.platform === 'win32' && serviceExisted) await deps.run('schtasks', ['/End', '/TN', WINDOWS_TASK_NAME]);

  let placed: InstallResult['placed'] = 'packaged';
  let link: string | null = null;
  let linkLeft: string | null = null;
  if (!packaged) {
    placed = source === home.program ? 'in place' : 'copied';
    if (placed === 'copied') await placeProgram(source, home, deps);
    if (home.link) ({ link, linkLeft } = await linkProgram(home, deps));
  }

  const command = [...(self.kind === 'node' ? [self.node] : []), program, 'run', '--config-dir', configDir, ...request.runArgs];
  const started = deps.platform !== 'linux' || (await systemdRuns(deps));
  const service = await installService(command, configDir, deps, { start: started });
  // enable --now leaves an agent that already ran on the old program: restart it on the new one.
  if (started && serviceExisted && deps.platform === 'linux') {
    const result = await deps.run('systemctl', ['restart', SYSTEMD_UNIT_NAME]);
    if (!result.ok) throw new Failure(`systemctl restart ${SYSTEMD_UNIT_NAME} failed: ${result.output}`);
  }
  return {
    program,
    placed,
    link,
    linkLeft,
    node: self.kind === 'node' ? self.node : null,
    configDir,
    config,
    enrolment,
    replaced,
    service,
    started,
  };
}

async function enrol(request: InstallRequest, store: ConfigStore, deps: InstallDeps, leave: LeaveServer) {
  const existing = await store.load();
  if (!request.enrolment) {
    if (!existing) {
      const again = formatSelfCommand(request.self, ['install', 'LINK'], { root: true, platform: deps.platform });
      throw new Failure(
        `This machine is not enrolled yet (nothing in ${store.dir}): give install the registration link: ${again}`,
        EXIT.usage,
      );
    }
    return { config: existing, enrolment: 'kept' as const, replaced: null };
  }
  // Before the code is spent: a folder we cannot write would lose the credential.
  await store.checkWritable();
  const config = await deps.enroll({ ...request.enrolment, deviceName: request.deviceName, insecureHttp: request.insecureHttp });
  await store.save(config);
  if (!existing) return { config, enrolment: 'new' as const, replaced: null };
  // The new enrolment is kept whatever happens; the old one is retired on the server if it can be.
  let notTold: string | null = null;
  await leave(existing).catch((error: Error) => {
    notTold = error.message;
  });
  return { config, enrolment: 'replaced' as const, replaced: { config: existing, notTold } };
}

async function placeProgram(source: string, home: AgentHome, deps: InstallDeps): Promise<void> {
  const dir = underRoot(deps.root, home.dir);
  await deps.makeDir(dir, 0o755);
  // A link or anything else planted where the home should be is not written through.
  if ((await deps.kind(dir)) !== 'dir') throw new Failure(`${home.dir} is not a folder (a link?): remove it and install again`);
  const target = underRoot(deps.root, home.program);
  const there = await deps.kind(target);
  if (there === 'dir' || there === 'other') throw new Failure(`${home.program} is not a program file: remove it and install again`);
  await deps.copy(source, target, 0o755, deps.owner);
}

/** Our link on PATH; a file or another link already there is someone else's and stays. */
async function linkProgram(home: AgentHome, deps: InstallDeps): Promise<{ link: string | null; linkLeft: string | null }> {
  const path = underRoot(deps.root, home.link!);
  const kind = await deps.kind(path);
  if (kind === null) {
    await deps.makeDir(underRoot(deps.root, home.link!.slice(0, home.link!.lastIndexOf('/'))), 0o755);
    await deps.symlink(home.program, path);
    return { link: home.link, linkLeft: null };
  }
  if (kind === 'link' && (await deps.readLink(path)) === home.program) return { link: home.link, linkLeft: null };
  return { link: null, linkLeft: home.link };
}
