import type { AgentStatus } from '@shared/desktop/bridge';
import { jobProgressText } from '@shared/desktop/status-text';

/** What the tray shows for a status: the icon's tooltip, the status line of its menu and the pause item. */
export interface TrayState {
  tooltip: string;
  /** First, disabled line of the menu. */
  statusLine: string;
  pauseLabel: 'Pause installs' | 'Resume installs';
  /** Nothing to pause on a computer that receives no installations. */
  pauseEnabled: boolean;
}

function statusLine(status: AgentStatus): string {
  switch (status.state) {
    case 'not-enrolled':
      return 'Not enrolled';
    case 'offline':
      return 'Offline';
    case 'online':
      return 'Online';
    case 'installing':
      return status.job ? jobProgressText(status.job) : 'Installing';
  }
}

export function trayState(status: AgentStatus): TrayState {
  let line = statusLine(status);
  if (status.paused && status.state !== 'not-enrolled') line += ' (paused)';
  const name = status.deviceName ? ` (${status.deviceName})` : '';
  const problem = status.problem ? `\n${status.problem}` : '';
  return {
    tooltip: `Loadout: ${line}${name}${problem}`,
    statusLine: line,
    pauseLabel: status.paused ? 'Resume installs' : 'Pause installs',
    pauseEnabled: status.state !== 'not-enrolled',
  };
}
