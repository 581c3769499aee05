/**
 * Running one command with administrator rights, asked for once: pkexec (polkit's password
 * dialog) on Linux, the administrator prompt of `do shell script … with administrator
 * privileges` on macOS, UAC through Start-Process -Verb RunAs on Windows. Every argument is
 * quoted for the layer it crosses; none is ever read by a shell unquoted.
 */

export interface ElevatedCommand {
  command: string;
  args: string[];
}

/** POSIX shell: one single-quoted word; a ' closes, is escaped, and reopens. */
export function shellQuote(argument: string): string {
  return `'${argument.replaceAll("'", `'\\''`)}'`;
}

/** An AppleScript string literal. */
export function appleScriptString(text: string): string {
  return `"${text.replace(/["\\]/g, (char) => `\\${char}`)}"`;
}

/** A PowerShell single-quoted string: a ' is doubled, nothing else is special. */
export function powerShellString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

export class ElevationError extends Error {
  override readonly name = 'ElevationError';
}

export function elevatedCommand(platform: NodeJS.Platform, program: string, args: readonly string[]): ElevatedCommand {
  switch (platform) {
    case 'linux':
      // pkexec wants an absolute program and passes the arguments through as they are.
      return { command: 'pkexec', args: [program, ...args] };
    case 'darwin': {
      const line = [program, ...args].map(shellQuote).join(' ');
      return { command: '/usr/bin/osascript', args: ['-e', `do shell script ${appleScriptString(line)} with administrator privileges`] };
    }
    case 'win32': {
      // Start-Process joins ArgumentList with spaces: each argument is double-quoted for the
      // program's own command-line parsing, which a path cannot break (it cannot hold a ").
      if ([program, ...args].some((argument) => argument.includes('"'))) throw new ElevationError('An argument contains a double quote');
      const list = args.map((argument) => powerShellString(`"${argument}"`)).join(',');
      const script =
        `$p = Start-Process -FilePath ${powerShellString(program)}` +
        (list ? ` -ArgumentList ${list}` : '') +
        ' -Verb RunAs -Wait -PassThru -WindowStyle Hidden; exit $p.ExitCode';
      return { command: 'powershell.exe', args: ['-NoProfile', '-NonInteractive', '-Command', script] };
    }
    default:
      throw new ElevationError(`Administrator rights cannot be asked for on ${platform}`);
  }
}
