// The macOS download: the program, the launchd daemon `loadout-agent install` would write, and a
// README saying what Gatekeeper does with a program that has no Apple signature.
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { run } from './run.mjs';

export const MACOS_HOME = '/Library/Application Support/Loadout Agent';
export const MACOS_PROGRAM = `${MACOS_HOME}/loadout-agent`;

const readme = ({ version, plistName }) => `Loadout agent ${version} for macOS

This is the Loadout device agent as one program; Node.js is built in. It is built for Intel
Macs and runs on Apple Silicon through Rosetta 2 (macOS offers to install Rosetta on first use).

Not signed by Apple
  The program has no Apple signature, so Gatekeeper blocks it when it was downloaded with a
  browser ("cannot be opened because the developer cannot be verified"). Either Control-click
  it in Finder and choose Open, or remove the download mark in Terminal:
      xattr -d com.apple.quarantine loadout-agent
  If macOS still refuses or says "Killed: 9", give it a local signature:
      codesign --sign - --force loadout-agent

Connect this Mac to your Loadout account
      sudo ./loadout-agent install <enrolment link>
  The enrolment link is the one "Copy registration link" gives on the Devices screen of your
  Loadout account. The program copies itself to
  ${MACOS_PROGRAM} and starts as a launchd daemon.

By hand
  ${plistName} is that daemon: copy loadout-agent to ${MACOS_HOME}/, enrol
  with "sudo '${MACOS_PROGRAM}' enroll <enrolment link>", copy the plist to
  /Library/LaunchDaemons/ and run
      sudo launchctl bootstrap system /Library/LaunchDaemons/${plistName}

NODE-LICENSE.txt is the licence of the Node.js runtime inside the program.
`;

/** `<folder>/loadout-agent`, the plist, README.txt and Node's licence, as root-owned files in one folder. */
export function buildMacosTarball({ executable, license, version, folderName, plistName, plistText, outFile }) {
  const staging = mkdtempSync(join(tmpdir(), 'loadout-macos-'));
  try {
    const folder = join(staging, folderName);
    mkdirSync(folder, { mode: 0o755 });
    copyFileSync(executable, join(folder, 'loadout-agent'));
    chmodSync(join(folder, 'loadout-agent'), 0o755);
    writeFileSync(join(folder, plistName), plistText, { mode: 0o644 });
    writeFileSync(join(folder, 'README.txt'), readme({ version, plistName }), { mode: 0o644 });
    if (license) copyFileSync(license, join(folder, 'NODE-LICENSE.txt'));
    const temporary = `${outFile}.${process.pid}.tmp`;
    run('tar', ['--create', '--gzip', '--file', temporary, '--owner=0', '--group=0', '--numeric-owner', '-C', staging, folderName]);
    renameSync(temporary, outFile);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
