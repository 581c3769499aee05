import { dialog, type BrowserWindow, type MessageBoxOptions } from 'electron';

import type { EnrolmentRequest } from '@shared/desktop/bridge';

/**
 * What the person is asked before a loadout:// link enrols this computer. Any web page can open
 * such a link, so a link alone never enrols: it names the server, says what enrolling means,
 * and Cancel is the default.
 */
export function enrolmentLinkPrompt(request: EnrolmentRequest, switchingFrom: string | null): MessageBoxOptions {
  const switching = switchingFrom === null ? '' : `\n\nLoadout now shows ${switchingFrom}; it will switch to ${request.server}.`;
  return {
    type: 'question',
    title: 'Add this computer',
    message: `Add this computer to Loadout at ${request.server}?`,
    detail:
      'The Loadout account that made this registration code will be able to install apps on this computer. ' +
      `Continue only if you opened this link yourself.${switching}`,
    buttons: ['Add this computer', 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  };
}

async function showBox(parent: BrowserWindow | null, options: MessageBoxOptions) {
  return parent && !parent.isDestroyed() ? dialog.showMessageBox(parent, options) : dialog.showMessageBox(options);
}

export async function confirmEnrolmentLink(
  parent: BrowserWindow | null,
  request: EnrolmentRequest,
  switchingFrom: string | null,
): Promise<boolean> {
  const { response } = await showBox(parent, enrolmentLinkPrompt(request, switchingFrom));
  return response === 0;
}

export async function showLinkRefused(
  parent: BrowserWindow | null,
  reason: string,
  title = 'Add this computer',
  message = 'This computer was not added',
): Promise<void> {
  await showBox(parent, { type: 'warning', title, message, detail: reason, buttons: ['OK'] });
}

/** The one question about administrator rights, asked after this computer is first added. */
export function systemServicePrompt(): MessageBoxOptions {
  return {
    type: 'question',
    title: 'Run as a system service',
    message: 'Let Loadout install apps that need administrator rights?',
    detail:
      'Some apps install only with administrator rights (apt and snap packages on Linux, installers for all users). ' +
      'Loadout can run as a system service so that you are asked for your password once, now, instead of those installs failing. ' +
      'You can do it later from the Loadout icon in the system tray.',
    buttons: ['Run as a service', 'Not now'],
    defaultId: 0,
    cancelId: 1,
    noLink: true,
  };
}

export async function confirmSystemService(parent: BrowserWindow | null): Promise<boolean> {
  const { response } = await showBox(parent, systemServicePrompt());
  return response === 0;
}
