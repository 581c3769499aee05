import { Menu, nativeImage, Tray, type MenuItemConstructorOptions } from 'electron';

import type { AgentStatus } from '@shared/desktop/bridge';

import { trayState } from './tray-state';

export interface TrayActions {
  onOpen: () => void;
  onTogglePause: () => void;
  onToggleStartAtLogin: () => void;
  onChangeServer: () => void;
  onRunAsService: () => void;
  onQuit: () => void;
}

export interface TrayView {
  status: AgentStatus;
  startAtLogin: boolean;
  /** unavailable: not an installed client, or already root; offer: it could be; running: it is. */
  service: 'unavailable' | 'offer' | 'running';
}

/** The tray menu for a state: the status line first, then what the person can do. */
export function trayMenuTemplate(view: TrayView, actions: TrayActions): MenuItemConstructorOptions[] {
  const state = trayState(view.status);
  const service = view.service === 'running';
  return [
    { label: service ? `${state.statusLine} (system service)` : state.statusLine, enabled: false },
    { type: 'separator' },
    { label: 'Open Loadout', click: actions.onOpen },
    // The service is another process: it is not paused from here.
    { label: state.pauseLabel, enabled: state.pauseEnabled && !service, click: actions.onTogglePause },
    { label: 'Start at login', type: 'checkbox', checked: view.startAtLogin, click: actions.onToggleStartAtLogin },
    ...(view.service === 'offer'
      ? [{ label: 'Run as a system service…', enabled: view.status.state !== 'not-enrolled', click: actions.onRunAsService }]
      : []),
    { label: 'Change server…', click: actions.onChangeServer },
    { type: 'separator' },
    { label: 'Quit', click: actions.onQuit },
  ];
}

/** The tray keeps Loadout reachable while its window is hidden (the agent keeps running). */
export class LoadoutTray {
  private readonly tray: Tray;

  constructor(
    iconPath: string,
    private readonly actions: TrayActions,
  ) {
    // A file named …Template.png (with its @2x twin) becomes a macOS template image by itself.
    this.tray = new Tray(nativeImage.createFromPath(iconPath));
    // Windows and Linux users expect a click on the icon to bring the window back.
    this.tray.on('click', actions.onOpen);
  }

  show(view: TrayView): void {
    this.tray.setToolTip(trayState(view.status).tooltip);
    this.tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(view, this.actions)));
  }

  destroy(): void {
    this.tray.destroy();
  }
}
