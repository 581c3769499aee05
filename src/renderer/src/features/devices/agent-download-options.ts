import type { AgentBuild, NativeArch, NativeFormat, NativePlatform } from '@shared/api/client';

/** One step of connecting a machine: what to do, and the command that does it. */
export interface CommandStep {
  label: string;
  command: string;
}

/** A native build as the page offers it: the file, what it is, and the commands that connect the machine with it. */
export interface DownloadOption {
  build: AgentBuild & { platform: NativePlatform; arch: NativeArch; format: NativeFormat };
  /** The name the server gives the download (content-disposition), which the commands name. */
  file: string;
  title: string;
  steps: CommandStep[];
  /** How to check the saved file against its SHA-256 on that system (every step that runs it starts with this). */
  verify: string;
}

const FOLDER_HINT = 'in the folder it was saved to (usually Downloads)';

/**
 * The file names the build writes and the server sends; the releases list carries only the
 * address, and the commands must name the file as it lands in Downloads.
 */
export function buildFileName(platform: NativePlatform, arch: NativeArch, format: NativeFormat): string {
  const base = `loadout-agent-${platform}-${arch}`;
  if (format === 'exe') return platform === 'windows' ? `${base}.exe` : base;
  return `${base}.${format}`;
}

/** A single-quoted sh word: nothing inside is expanded, and a ' in the link cannot end it. */
export function shQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** A single-quoted PowerShell string: nothing inside is expanded; '' is its one escape. */
export function psQuote(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** Which formats lead on each system: the one a person there installs most easily comes first. */
const FORMAT_ORDER: Readonly<Record<NativePlatform, readonly NativeFormat[]>> = {
  linux: ['deb', 'exe'],
  windows: ['exe', 'msi'],
  macos: ['exe', 'tar.gz'],
};
const ARCH_ORDER: readonly NativeArch[] = ['x64', 'arm64'];

const ARCH_LABELS: Readonly<Record<NativePlatform, Record<NativeArch, string>>> = {
  linux: { x64: 'x64', arm64: 'ARM64' },
  windows: { x64: 'x64', arm64: 'ARM64' },
  // An Intel build also runs on Apple silicon through Rosetta 2.
  macos: { x64: 'Intel and Apple silicon', arm64: 'Apple silicon' },
};

function title(platform: NativePlatform, arch: NativeArch, format: NativeFormat): string {
  const archLabel = ARCH_LABELS[platform][arch];
  if (platform === 'linux') return format === 'deb' ? `Debian or Ubuntu, ${archLabel} (.deb)` : `Any Linux, ${archLabel} (one program)`;
  if (platform === 'windows') return format === 'msi' ? `Windows ${archLabel} installer (.msi)` : `Windows ${archLabel} (.exe)`;
  return format === 'tar.gz' ? `macOS, ${archLabel} (.tar.gz with a README)` : `macOS, ${archLabel} (one program)`;
}

/**
 * The check each command starts with: the saved file's SHA-256 against the one the server
 * listed, so a download that was changed on the way (or is another file) stops the command
 * before anything runs, let alone as root.
 */
export function checkCommand(platform: NativePlatform, file: string, sha256: string): string {
  if (platform === 'windows') {
    const path = `"$env:USERPROFILE\\Downloads\\${file}"`;
    const refusal = psQuote(`${file} does not match its SHA-256: do not run it`);
    return `if ((Get-FileHash ${path} -Algorithm SHA256).Hash -ne ${psQuote(sha256)}) { throw ${refusal} }`;
  }
  const tool = platform === 'macos' ? 'shasum -a 256 -c -' : 'sha256sum -c -';
  return `echo ${shQuote(`${sha256}  ${file}`)} | ${tool}`;
}

function steps(platform: NativePlatform, format: NativeFormat, file: string, link: string, sha256: string): CommandStep[] {
  const sh = shQuote(link);
  const check = checkCommand(platform, file, sha256);
  if (platform === 'windows') {
    if (format === 'msi') {
      return [
        {
          label: 'Check the .msi and install it: in PowerShell run as administrator',
          command: `${check}; Start-Process msiexec.exe -Wait -ArgumentList '/i', "\`"$env:USERPROFILE\\Downloads\\${file}\`""`,
        },
        {
          label: 'Connect this PC',
          command: `& "$env:ProgramFiles\\Loadout Agent\\loadout-agent.exe" install ${psQuote(link)}`,
        },
      ];
    }
    return [
      {
        label: 'Check and connect this PC: in PowerShell run as administrator',
        command: `${check}; & "$env:USERPROFILE\\Downloads\\${file}" install ${psQuote(link)}`,
      },
    ];
  }
  if (platform === 'linux') {
    const command =
      format === 'deb'
        ? `${check} && sudo apt install ./${file} && sudo loadout-agent install ${sh}`
        : `${check} && chmod +x ${file} && sudo ./${file} install ${sh}`;
    return [{ label: `Check and connect this machine: in a terminal, ${FOLDER_HINT}`, command }];
  }
  // macOS marks what a browser saved; an unsigned program runs only once the mark is gone.
  if (format === 'tar.gz') {
    const folder = file.replace(/\.tar\.gz$/, '');
    return [
      { label: `Check and unpack it: in Terminal, ${FOLDER_HINT}`, command: `${check} && tar -xzf ${file} && cd ${folder}` },
      { label: 'Remove the download mark', command: 'xattr -d com.apple.quarantine loadout-agent' },
      { label: 'Connect this Mac', command: `sudo ./loadout-agent install ${sh}` },
    ];
  }
  return [
    { label: `Remove the download mark: in Terminal, ${FOLDER_HINT}`, command: `xattr -d com.apple.quarantine ${file}` },
    { label: 'Check and connect this Mac', command: `${check} && chmod +x ${file} && sudo ./${file} install ${sh}` },
  ];
}

function isNative(build: AgentBuild): build is DownloadOption['build'] {
  return build.platform !== 'any' && build.arch !== 'any' && build.format !== 'mjs';
}

/** The native builds for one system, the easiest first, each with the commands that connect a machine to `link`. */
export function downloadOptions(builds: readonly AgentBuild[], platform: NativePlatform, link: string): DownloadOption[] {
  const rank = (build: DownloadOption['build']) =>
    ARCH_ORDER.indexOf(build.arch) * 10 +
    FORMAT_ORDER[platform].indexOf(build.format) +
    (FORMAT_ORDER[platform].includes(build.format) ? 0 : 5);
  return builds
    .filter(isNative)
    .filter((build) => build.platform === platform)
    .sort((a, b) => rank(a) - rank(b))
    .map((build) => {
      const file = buildFileName(build.platform, build.arch, build.format);
      return {
        build,
        file,
        title: title(build.platform, build.arch, build.format),
        steps: steps(build.platform, build.format, file, link, build.sha256),
        verify: checkCommand(build.platform, file, build.sha256),
      };
    });
}

/** A download's size as people read it: 95.2 MB, 640 KB. */
export function formatSize(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1_000))} KB`;
}
