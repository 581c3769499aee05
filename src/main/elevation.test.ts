import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

import { appleScriptString, elevatedCommand, ElevationError, powerShellString, shellQuote } from './elevation';

const HOSTILE = `/tmp/a b/it's "x" $(id) \`id\` \\ ; rm -rf ~`;

describe('quoting for each layer an argument crosses', () => {
  it('gives the shell back exactly the argument, whatever it holds', () => {
    const echoed = execFileSync('/bin/sh', ['-c', `printf '%s' ${shellQuote(HOSTILE)}`], { encoding: 'utf8' });
    expect(echoed).toBe(HOSTILE);
  });

  it('escapes quotes and backslashes in an AppleScript string, and quotes in PowerShell', () => {
    expect(appleScriptString('say "hi" \\ now')).toBe('"say \\"hi\\" \\\\ now"');
    expect(powerShellString("Ana's folder")).toBe("'Ana''s folder'");
  });
});

describe('elevatedCommand', () => {
  const program = '/opt/Loadout/loadout';
  const args = ['--install-agent-service', '--from', '/home/ana/.config/Loadout/service-enrolment.json'];

  it('asks polkit on Linux, passing the arguments untouched', () => {
    expect(elevatedCommand('linux', program, args)).toEqual({ command: 'pkexec', args: [program, ...args] });
  });

  it('asks the macOS administrator prompt for one quoted command line', () => {
    const { command, args: scriptArgs } = elevatedCommand('darwin', '/Applications/Loadout.app/Contents/MacOS/Loadout', [HOSTILE]);
    expect(command).toBe('/usr/bin/osascript');
    expect(scriptArgs[0]).toBe('-e');
    expect(scriptArgs[1]).toMatch(/^do shell script ".*" with administrator privileges$/);
    // Undoing the AppleScript escaping gives the shell line, which gives back the argument.
    const line = JSON.parse(scriptArgs[1]!.slice('do shell script '.length, -' with administrator privileges'.length)) as string;
    const echoed = execFileSync('/bin/sh', ['-c', `printf '%s|' ${line.split(' ').slice(1).join(' ')}`], { encoding: 'utf8' });
    expect(echoed).toBe(`${HOSTILE}|`);
  });

  it('asks UAC on Windows, each argument double-quoted inside a PowerShell string', () => {
    const { command, args: psArgs } = elevatedCommand('win32', 'C:\\Program Files\\Loadout\\Loadout.exe', [
      '--from',
      "C:\\Users\\Ana O'Neil\\x.json",
    ]);
    expect(command).toBe('powershell.exe');
    expect(psArgs.at(-1)).toBe(
      "$p = Start-Process -FilePath 'C:\\Program Files\\Loadout\\Loadout.exe' -ArgumentList '\"--from\"','\"C:\\Users\\Ana O''Neil\\x.json\"' -Verb RunAs -Wait -PassThru -WindowStyle Hidden; exit $p.ExitCode",
    );
    expect(() => elevatedCommand('win32', 'C:\\x.exe', ['a" & calc'])).toThrow(ElevationError);
  });
});
