/** A systemd unit for the agent (Linux). Pure: the caller writes it and runs the commands. */
export const SYSTEMD_UNIT_NAME = 'loadout-agent.service';
export const SYSTEMD_UNIT_PATH = `/etc/systemd/system/${SYSTEMD_UNIT_NAME}`;

/**
 * One word of ExecStart, quoted as systemd reads it: C escapes inside double quotes, `%` as
 * `%%` (specifiers) and `$` as `$$` (variables), so any path arrives as it was written.
 */
export function systemdQuote(word: string): string {
  const escaped = word.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/%/g, '%%').replace(/\$/g, '$$$$');
  return `"${escaped}"`;
}

/**
 * Exit codes 3 (not enrolled, credential refused) and 78 (deactivated) are final: restarting
 * would only fail again. KillMode=mixed sends SIGTERM to the agent alone, which finishes the
 * package-manager call it is in (the manager leads its own process group) and exits; the
 * stop timeout gives that call time before systemd kills what is left.
 */
export function systemdUnit(command: readonly string[]): string {
  return [
    '[Unit]',
    'Description=Loadout agent (installs your Loadout lists on this machine)',
    'Wants=network-online.target',
    'After=network-online.target',
    '',
    '[Service]',
    'Type=simple',
    `ExecStart=${command.map(systemdQuote).join(' ')}`,
    'Restart=always',
    'RestartSec=10',
    'RestartPreventExitStatus=3 78',
    'KillSignal=SIGTERM',
    'KillMode=mixed',
    'TimeoutStopSec=10min',
    'Environment=NODE_ENV=production',
    '',
    '[Install]',
    'WantedBy=multi-user.target',
    '',
  ].join('\n');
}

export const systemdInstallCommands = (): string[][] => [
  ['systemctl', 'daemon-reload'],
  ['systemctl', 'enable', '--now', SYSTEMD_UNIT_NAME],
];

/** --no-block: the agent may be removing its own service, and must not wait for its own stop. */
export const systemdStopCommands = (): string[][] => [['systemctl', 'disable', '--now', '--no-block', SYSTEMD_UNIT_NAME]];
export const systemdAfterRemoveCommands = (): string[][] => [['systemctl', 'daemon-reload']];
