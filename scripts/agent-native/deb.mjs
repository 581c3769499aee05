// The .deb for a Linux build: the program in /usr/lib/loadout-agent, a link in /usr/bin and the
// systemd unit, which is not enabled or started here: the machine is not enrolled yet, and an
// unenrolled agent would exit 3 and stay stopped anyway. `loadout-agent install LINK` enrols it.
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { run } from './run.mjs';

export const DEB_PROGRAM = '/usr/lib/loadout-agent/loadout-agent';
export const DEB_LINK = '/usr/bin/loadout-agent';
export const DEB_CONFIG_DIR = '/etc/loadout-agent';
export const DEB_UNIT_DIR = '/lib/systemd/system';

/** Debian versions must start with a digit; anything else in LOADOUT_AGENT_VERSION is refused. */
export function debVersion(version) {
  if (!/^[0-9][A-Za-z0-9.+~-]*$/.test(version)) throw new Error(`"${version}" is not a valid Debian package version`);
  return version;
}

// Maintainer scripts: POSIX sh, set -e, and every systemctl call guarded, because a container
// (or a chroot during an image build) has dpkg but no running systemd.
const SYSTEMD_RUNNING = '[ -d /run/systemd/system ] && command -v systemctl >/dev/null 2>&1';

const postinst = (unitName) => `#!/bin/sh
set -e
if [ "$1" = configure ]; then
  if ${SYSTEMD_RUNNING}; then
    systemctl daemon-reload || true
    # An upgrade restarts an agent that was running (try-restart starts nothing that was stopped).
    systemctl try-restart ${unitName} || true
  fi
  if [ ! -f ${DEB_CONFIG_DIR}/agent.json ]; then
    echo "Loadout agent installed. To connect this machine to your Loadout account, run:"
    echo "  sudo loadout-agent install <enrolment link>"
    echo '(the link "Copy registration link" gives on the Devices screen of your account)'
  fi
fi
exit 0
`;

/** Stops the agent only when the package goes; an upgrade keeps it running until postinst restarts it. */
const prerm = (unitName) => `#!/bin/sh
set -e
case "$1" in
  remove|deconfigure)
    if ${SYSTEMD_RUNNING}; then
      systemctl disable --now ${unitName} >/dev/null 2>&1 || true
    fi
    ;;
esac
exit 0
`;

/** Purge forgets the enrolment here; the server lists the machine until it is removed on the Devices screen. */
const postrm = () => `#!/bin/sh
set -e
case "$1" in
  remove|purge)
    if ${SYSTEMD_RUNNING}; then
      systemctl daemon-reload || true
    fi
    ;;
esac
if [ "$1" = purge ]; then
  rm -rf ${DEB_CONFIG_DIR}
fi
exit 0
`;

const control = ({ version, debArch, installedKiB }) =>
  [
    'Package: loadout-agent',
    `Version: ${debVersion(version)}`,
    `Architecture: ${debArch}`,
    'Maintainer: Loadout <support@loadout.invalid>',
    `Installed-Size: ${installedKiB}`,
    'Section: admin',
    'Priority: optional',
    'Description: Loadout agent: installs your Loadout lists on this machine',
    ' The device agent of Loadout as one program (Node.js is built in). It connects this',
    ' machine to your Loadout account and installs your lists with apt, Flatpak or Snap.',
    ' Enrol the machine with: sudo loadout-agent install <enrolment link>',
    '',
  ].join('\n');

function writeFile(root, path, text, mode = 0o644) {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text, { mode });
}

/** Builds `outFile` from the SEA executable; dpkg-deb's --root-owner-group makes every file root's. */
export function buildDeb({ executable, license, version, debArch, unitName, unitText, outFile }) {
  const root = mkdtempSync(join(tmpdir(), 'loadout-deb-'));
  try {
    // mkdtemp makes it 0700, and the archive's "./" would carry that mode.
    chmodSync(root, 0o755);
    mkdirSync(join(root, DEB_PROGRAM, '..'), { recursive: true });
    copyFileSync(executable, join(root, DEB_PROGRAM));
    mkdirSync(join(root, DEB_LINK, '..'), { recursive: true });
    symlinkSync(`../lib/loadout-agent/loadout-agent`, join(root, DEB_LINK));
    writeFile(root, `${DEB_UNIT_DIR}/${unitName}`, unitText);
    if (license)
      writeFile(
        root,
        'usr/share/doc/loadout-agent/copyright',
        `The Node.js runtime built into loadout-agent:\n\n${readFileSync(license, 'utf8')}`,
      );
    const installedKiB = Math.ceil(statSync(executable).size / 1024) + 8;
    writeFile(root, 'DEBIAN/control', control({ version, debArch, installedKiB }));
    writeFile(root, 'DEBIAN/postinst', postinst(unitName), 0o755);
    writeFile(root, 'DEBIAN/prerm', prerm(unitName), 0o755);
    writeFile(root, 'DEBIAN/postrm', postrm(), 0o755);
    const temporary = `${outFile}.${process.pid}.tmp`;
    // Measured on the 110 MB program: xz -1 gives 32 MB in 11 s, xz -6 27 MB in 43 s, gzip 40 MB
    // in 5 s. zstd is smaller and faster, but dpkg before Debian 12 cannot read it.
    run('dpkg-deb', ['--build', '--root-owner-group', '-Zxz', '-z1', root, temporary]);
    renameSync(temporary, outFile);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
