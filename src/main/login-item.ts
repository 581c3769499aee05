import { mkdir, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Started by the OS session: the tray and the agent only, no window. */
export const HIDDEN_FLAG = '--hidden';
export const AUTOSTART_FILE = 'loadout.desktop';

/** The part of Electron's `app` this needs (macOS and Windows keep login items themselves). */
export interface LoginItemApp {
  setLoginItemSettings(settings: { openAtLogin: boolean; args?: string[] }): void;
}

export interface LoginItemDeps {
  platform: NodeJS.Platform;
  app: LoginItemApp;
  /** What the session should start: the AppImage file itself on Linux (its mount path changes every run). */
  executable: string;
  env?: NodeJS.ProcessEnv;
}

/** Quoting of the Desktop Entry spec for an Exec argument: double quotes, with `"`, `` ` ``, `$` and `\` escaped. */
export function quoteExecArgument(argument: string): string {
  return `"${argument.replace(/["`$\\]/g, (char) => `\\${char}`)}"`;
}

/** ~/.config/autostart/loadout.desktop, the XDG way every Linux desktop starts programs at login. */
export function autostartEntry(executable: string): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Loadout',
    'Comment=Receive installations from your Loadout lists',
    `Exec=${quoteExecArgument(executable)} ${HIDDEN_FLAG}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

export function autostartDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME?.trim() || join(homedir(), '.config');
  return join(base, 'autostart');
}

/** Turns starting with the OS session on or off. */
export async function setStartAtLogin(enabled: boolean, deps: LoginItemDeps): Promise<void> {
  if (deps.platform !== 'linux') {
    deps.app.setLoginItemSettings({ openAtLogin: enabled, args: [HIDDEN_FLAG] });
    return;
  }
  const dir = autostartDir(deps.env);
  const file = join(dir, AUTOSTART_FILE);
  if (!enabled) {
    await rm(file, { force: true });
    return;
  }
  await mkdir(dir, { recursive: true });
  await writeFile(file, autostartEntry(deps.executable), { mode: 0o644 });
}
