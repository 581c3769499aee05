import { xmlEscape } from './launchd';

/** A scheduled task that starts the agent at boot as SYSTEM (Windows). Pure. */
export const WINDOWS_TASK_NAME = 'Loadout Agent';
export const WINDOWS_TASK_FILE = 'loadout-agent-task.xml';

/** One argument as CreateProcess splits a command line (backslashes doubled only before a quote). */
export function windowsQuote(arg: string): string {
  if (arg !== '' && !/[\s"]/.test(arg)) return arg;
  let quoted = '"';
  let backslashes = 0;
  for (const char of arg) {
    if (char === '\\') {
      backslashes += 1;
      continue;
    }
    quoted += char === '"' ? '\\'.repeat(backslashes * 2 + 1) + '"' : '\\'.repeat(backslashes) + char;
    backslashes = 0;
  }
  return `${quoted}${'\\'.repeat(backslashes * 2)}"`;
}

/**
 * Task Scheduler XML: a boot trigger, SYSTEM (S-1-5-18), no execution time limit (the default
 * stops a task after 72 h), restarted every minute when it fails, on battery too.
 * Written as UTF-16 with a byte order mark, which is what schtasks /XML reads reliably.
 */
export function windowsTaskXml(command: readonly string[]): string {
  const [program = '', ...args] = command;
  return `<?xml version="1.0" encoding="UTF-16"?>
<Task version="1.2" xmlns="http://schemas.microsoft.com/windows/2004/02/mit/task">
  <RegistrationInfo>
    <Description>Loadout agent: installs your Loadout lists on this machine</Description>
  </RegistrationInfo>
  <Triggers>
    <BootTrigger>
      <Enabled>true</Enabled>
    </BootTrigger>
  </Triggers>
  <Principals>
    <Principal id="Author">
      <UserId>S-1-5-18</UserId>
      <RunLevel>HighestAvailable</RunLevel>
    </Principal>
  </Principals>
  <Settings>
    <MultipleInstancesPolicy>IgnoreNew</MultipleInstancesPolicy>
    <DisallowStartIfOnBatteries>false</DisallowStartIfOnBatteries>
    <StopIfGoingOnBatteries>false</StopIfGoingOnBatteries>
    <AllowHardTerminate>true</AllowHardTerminate>
    <StartWhenAvailable>true</StartWhenAvailable>
    <RunOnlyIfNetworkAvailable>false</RunOnlyIfNetworkAvailable>
    <IdleSettings>
      <StopOnIdleEnd>false</StopOnIdleEnd>
      <RestartOnIdle>false</RestartOnIdle>
    </IdleSettings>
    <AllowStartOnDemand>true</AllowStartOnDemand>
    <Enabled>true</Enabled>
    <Hidden>false</Hidden>
    <RunOnlyIfIdle>false</RunOnlyIfIdle>
    <ExecutionTimeLimit>PT0S</ExecutionTimeLimit>
    <Priority>7</Priority>
    <RestartOnFailure>
      <Interval>PT1M</Interval>
      <Count>999</Count>
    </RestartOnFailure>
  </Settings>
  <Actions Context="Author">
    <Exec>
      <Command>${xmlEscape(program)}</Command>
      <Arguments>${xmlEscape(args.map(windowsQuote).join(' '))}</Arguments>
    </Exec>
  </Actions>
</Task>
`;
}

export const windowsInstallCommands = (xmlPath: string): string[][] => [
  ['schtasks', '/Create', '/TN', WINDOWS_TASK_NAME, '/XML', xmlPath, '/F'],
  ['schtasks', '/Run', '/TN', WINDOWS_TASK_NAME],
];
/** /End stops the running agent: left out when the agent removes its own task (it is exiting). */
export const windowsStopCommands = (self: boolean): string[][] => [
  ...(self ? [] : [['schtasks', '/End', '/TN', WINDOWS_TASK_NAME]]),
  ['schtasks', '/Delete', '/TN', WINDOWS_TASK_NAME, '/F'],
];
