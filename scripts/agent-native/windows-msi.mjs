// The Windows installer, made with wixl (Debian's msitools): it only puts the program in
// %ProgramFiles%\Loadout Agent\ (the home `loadout-agent install` uses) and registers nothing;
// `loadout-agent install <enrolment link>` enrols the machine and creates the scheduled task.
import { copyFileSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { run } from './run.mjs';

export const MSI_FOLDER = 'Loadout Agent';
export const MSI_PROGRAM = 'loadout-agent.exe';
/** Never changes: Windows Installer finds the installed agent by it when a newer one replaces it. */
const UPGRADE_CODE = '6C1D7E2A-3B8F-4E51-9A0C-2F4D8B7E1A35';
const COMPONENT_GUID = '0B9E5C41-7D2A-4F86-B3E1-5A7C9D2E4F60';

/** Windows Installer versions are major.minor.build, numbers only (255.255.65535 at most). */
export function msiVersion(version) {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!match || Number(match[1]) > 255 || Number(match[2]) > 255 || Number(match[3]) > 65535) return null;
  return `${Number(match[1])}.${Number(match[2])}.${Number(match[3])}`;
}

const wxs = ({ version }) => `<?xml version="1.0" encoding="utf-8"?>
<Wix xmlns="http://schemas.microsoft.com/wix/2006/wi">
  <Product Id="*" Name="Loadout Agent" Language="1033" Version="${version}" Manufacturer="Loadout" UpgradeCode="${UPGRADE_CODE}">
    <Package InstallerVersion="500" Compressed="yes" InstallScope="perMachine"
      Description="Loadout agent: installs your Loadout lists on this machine" />
    <MajorUpgrade DowngradeErrorMessage="A newer Loadout agent is already installed." />
    <Media Id="1" Cabinet="agent.cab" EmbedCab="yes" />
    <Directory Id="TARGETDIR" Name="SourceDir">
      <Directory Id="ProgramFiles64Folder">
        <Directory Id="INSTALLDIR" Name="${MSI_FOLDER}">
          <Component Id="AgentProgram" Guid="${COMPONENT_GUID}" Win64="yes">
            <File Id="AgentExe" Name="${MSI_PROGRAM}" Source="${MSI_PROGRAM}" KeyPath="yes" />
          </Component>
        </Directory>
      </Directory>
    </Directory>
    <Feature Id="Agent" Level="1">
      <ComponentRef Id="AgentProgram" />
    </Feature>
  </Product>
</Wix>
`;

/** Returns false (and builds nothing) when the version cannot be an MSI version. */
export function buildMsi({ executable, version, outFile }) {
  const productVersion = msiVersion(version);
  if (!productVersion) return false;
  const work = mkdtempSync(join(tmpdir(), 'loadout-msi-'));
  try {
    // wixl finds a File's Source only relative to the folder it runs in.
    copyFileSync(executable, join(work, MSI_PROGRAM));
    writeFileSync(join(work, 'agent.wxs'), wxs({ version: productVersion }));
    const temporary = `${resolve(outFile)}.${process.pid}.tmp`;
    run('wixl', ['--arch', 'x64', '--output', temporary, 'agent.wxs'], { cwd: work });
    renameSync(temporary, outFile);
    return true;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
