import { Menu, nativeImage, Tray } from 'electron';

export interface TrayActions {
  iconPath: string;
  onOpen: () => void;
  onQuit: () => void;
}

/** The tray keeps Loadout reachable while its window is hidden (the agent keeps running). */
export function createTray({ iconPath, onOpen, onQuit }: TrayActions): Tray {
  // A file named …Template.png (with its @2x twin) becomes a macOS template image by itself.
  const tray = new Tray(nativeImage.createFromPath(iconPath));
  tray.setToolTip('Loadout');
  tray.setContextMenu(
    Menu.buildFromTemplate([{ label: 'Open Loadout', click: onOpen }, { type: 'separator' }, { label: 'Quit', click: onQuit }]),
  );
  // Windows and Linux users expect a click on the icon to bring the window back.
  tray.on('click', onOpen);
  return tray;
}
