/** A launchd daemon for the agent (macOS). Pure: the caller writes it and runs the commands. */
export const LAUNCHD_LABEL = 'com.loadout.agent';
export const LAUNCHD_PLIST_PATH = `/Library/LaunchDaemons/${LAUNCHD_LABEL}.plist`;
export const LAUNCHD_LOG_PATH = '/Library/Logs/Loadout Agent.log';

export function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/**
 * Kept alive unless it exits 0 (stopped) — a deactivated or unenrolled agent exits non-zero
 * but removes or outlives its plist; ExitTimeOut lets a running install finish after SIGTERM.
 * Homebrew's folders are on PATH: launchd's default PATH has neither.
 */
export function launchdPlist(command: readonly string[]): string {
  const args = command.map((word) => `    <string>${xmlEscape(word)}</string>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>Label</key>
  <string>${LAUNCHD_LABEL}</string>
  <key>ProgramArguments</key>
  <array>
${args}
  </array>
  <key>RunAtLoad</key>
  <true/>
  <key>KeepAlive</key>
  <dict>
    <key>SuccessfulExit</key>
    <false/>
  </dict>
  <key>ThrottleInterval</key>
  <integer>10</integer>
  <key>ExitTimeOut</key>
  <integer>600</integer>
  <key>EnvironmentVariables</key>
  <dict>
    <key>PATH</key>
    <string>/opt/homebrew/bin:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin</string>
  </dict>
  <key>StandardOutPath</key>
  <string>${xmlEscape(LAUNCHD_LOG_PATH)}</string>
  <key>StandardErrorPath</key>
  <string>${xmlEscape(LAUNCHD_LOG_PATH)}</string>
</dict>
</plist>
`;
}

export const launchdInstallCommands = (plistPath: string): string[][] => [['launchctl', 'bootstrap', 'system', plistPath]];
/** Last when removing: it stops the daemon, which may be the process asking. */
export const launchdStopCommands = (): string[][] => [['launchctl', 'bootout', `system/${LAUNCHD_LABEL}`]];
