import { app } from 'electron';

import { EXIT, main as runAgentCommand } from '../agent/commands';
import { ConfigStore, currentDirEnv, defaultConfigDir } from '../agent/config-store';
import { systemServiceDeps } from '../agent/service/index';
import { DEACTIVATED } from './agent-host';
import { AgentStatusTracker } from './agent-status';
import { serviceStatusDir, ServiceStatusWriter } from './service-status';
import { installSystemAgent, uninstallSystemAgent, type SystemAgentDeps } from './system-agent';

/**
 * The executable's modes besides the app (system-agent.ts): as the system service it runs the
 * agent's `run` command and writes the status file; elevated, it installs or removes that
 * service and exits. No window, tray or sandboxed renderer in any of them.
 */

const systemConfigDir = (): string => defaultConfigDir({ ...currentDirEnv(), privileged: true });

function systemAgentDeps(): SystemAgentDeps {
  return {
    platform: process.platform,
    configDir: systemConfigDir(),
    // Started from an AppImage, the runtime says which file (its mount path changes every run).
    executable: process.env.APPIMAGE ?? process.execPath,
    appImage: process.env.APPIMAGE ?? null,
    service: systemServiceDeps(),
  };
}

export async function runAsService(configDir: string | null): Promise<void> {
  app.dock?.hide();
  const dir = configDir ?? systemConfigDir();
  const tracker = new AgentStatusTracker();
  const config = await new ConfigStore(dir).load().catch(() => null);
  if (config) tracker.enrolled({ server: config.server, deviceId: config.deviceId, deviceName: config.deviceName });
  const writer = new ServiceStatusWriter(serviceStatusDir(process.platform), tracker);
  writer.start();
  const code = await runAgentCommand(['run', '--config-dir', dir], { observer: tracker });
  if (code === EXIT.deactivated) tracker.notEnrolled(DEACTIVATED);
  else if (code === EXIT.notEnrolled) tracker.notEnrolled('This computer is not added to Loadout, or the server no longer knows it.');
  await writer.stop();
  app.exit(code);
}

/** Elevated: what the client's "Run as a system service" asked for. Its one line goes back to the client. */
export async function installAsAdministrator(from: string): Promise<void> {
  try {
    if (!app.isPackaged) throw new Error('Only an installed Loadout can run as a service');
    await installSystemAgent(from, systemAgentDeps());
    app.exit(0);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    app.exit(1);
  }
}

export async function uninstallAsAdministrator(): Promise<void> {
  try {
    await uninstallSystemAgent(systemAgentDeps());
    app.exit(0);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    app.exit(1);
  }
}
