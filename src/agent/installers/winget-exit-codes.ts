/**
 * winget's documented exit codes that an install agent meets (winget-cli returnCodes.md; see
 * tests/fixtures/pm-output/winget-exitcodes-main.md), with the words a person is shown.
 */
export const WINGET_EXIT_CODES: ReadonlyMap<number, { symbol: string; description: string }> = new Map([
  [0x8a150005, { symbol: 'CTRL_SIGNAL_RECEIVED', description: 'Cancellation signal received' }],
  [0x8a150008, { symbol: 'DOWNLOAD_FAILED', description: 'Downloading installer failed' }],
  [0x8a150010, { symbol: 'NO_APPLICABLE_INSTALLER', description: 'None of the installers are applicable for the current system' }],
  [0x8a150011, { symbol: 'INSTALLER_HASH_MISMATCH', description: "The installer file's hash does not match the manifest" }],
  [0x8a150014, { symbol: 'NO_APPLICATIONS_FOUND', description: 'No packages found' }],
  [0x8a150016, { symbol: 'MULTIPLE_APPLICATIONS_FOUND', description: 'Multiple packages found matching the criteria' }],
  [0x8a150017, { symbol: 'NO_MANIFEST_FOUND', description: 'No manifest found matching the criteria' }],
  [0x8a150019, { symbol: 'COMMAND_REQUIRES_ADMIN', description: 'Command requires administrator privileges to run' }],
  [0x8a15002b, { symbol: 'UPDATE_NOT_APPLICABLE', description: 'No applicable update found' }],
  [0x8a15002c, { symbol: 'UPDATE_ALL_HAS_FAILURE', description: 'winget upgrade --all completed with failures' }],
  [0x8a150030, { symbol: 'EXEC_UNINSTALL_COMMAND_FAILED', description: 'Running uninstall command failed' }],
  [0x8a15004f, { symbol: 'UPGRADE_VERSION_NOT_NEWER', description: 'The upgrade version is not newer than the installed version' }],
  [0x8a150056, { symbol: 'INSTALLER_PROHIBITS_ELEVATION', description: 'The installer cannot be run from an administrator context.' }],
  [0x8a150061, { symbol: 'PACKAGE_ALREADY_INSTALLED', description: 'Found at least one version of the package installed.' }],
  [0x8a150068, { symbol: 'PACKAGE_IS_PINNED', description: 'The package has a pin that prevents upgrade.' }],
  [0x8a15006d, { symbol: 'SERVICE_UNAVAILABLE', description: 'A required service is busy or unavailable. Try again later.' }],
  [0x8a150077, { symbol: 'AUTHENTICATION_CANCELLED_BY_USER', description: 'Authentication failed. User cancelled.' }],
  [
    0x8a15007d,
    {
      symbol: 'ADMIN_CONTEXT_ACTION_PROHIBITED',
      description: 'The requested operation is not permitted from an administrator context on packages installed within the user scope.',
    },
  ],
  [
    0x8a15008e,
    {
      symbol: 'UPDATE_INSTALL_TECHNOLOGY_MISMATCH',
      description: 'An upgrade is available but uses a different install technology than the current installation',
    },
  ],
  [0x8a150101, { symbol: 'INSTALL_PACKAGE_IN_USE', description: 'Application is currently running. Exit the application then try again.' }],
  [0x8a150102, { symbol: 'INSTALL_INSTALL_IN_PROGRESS', description: 'Another installation is already in progress. Try again later.' }],
  [0x8a150105, { symbol: 'INSTALL_DISK_FULL', description: "There's no more space on your PC. Make space, then try again." }],
  [
    0x8a150107,
    { symbol: 'INSTALL_NO_NETWORK', description: 'This application requires internet connectivity. Connect to a network then try again.' },
  ],
  [0x8a150109, { symbol: 'INSTALL_REBOOT_REQUIRED_TO_FINISH', description: 'Restart your PC to finish installation.' }],
  [0x8a15010a, { symbol: 'INSTALL_REBOOT_REQUIRED_FOR_INSTALL', description: 'Installation failed. Restart your PC then try again.' }],
  [0x8a15010b, { symbol: 'INSTALL_REBOOT_INITIATED', description: 'Your PC will restart to finish installation.' }],
  [0x8a15010c, { symbol: 'INSTALL_CANCELLED_BY_USER', description: 'You cancelled the installation.' }],
  [0x8a15010d, { symbol: 'INSTALL_ALREADY_INSTALLED', description: 'Another version of this application is already installed.' }],
  [0x8a15010e, { symbol: 'INSTALL_DOWNGRADE', description: 'A higher version of this application is already installed.' }],
  [
    0x8a15010f,
    { symbol: 'INSTALL_BLOCKED_BY_POLICY', description: 'Organization policies are preventing installation. Contact your admin.' },
  ],
  [0x8a150114, { symbol: 'INSTALL_UPGRADE_NOT_SUPPORTED', description: 'The installer does not support upgrading an existing package.' }],
]);

/** The HRESULT facility winget's own codes carry (0x8A15xxxx). */
const WINGET_FACILITY = 0x8a150000;

/**
 * As an unsigned 32-bit number. PowerShell reports these signed (-1978335189) and a POSIX shell
 * keeps only the low byte (0x8A150014 → 20); a low byte that is one of winget's documented
 * codes is taken to be that code.
 */
export function normaliseWingetExitCode(code: number): number {
  const unsigned = code >>> 0;
  if (unsigned > 0 && unsigned <= 0xff && WINGET_EXIT_CODES.has((WINGET_FACILITY | unsigned) >>> 0))
    return (WINGET_FACILITY | unsigned) >>> 0;
  return unsigned;
}

export const hex = (code: number) => `0x${(code >>> 0).toString(16).toUpperCase().padStart(8, '0')}`;

const sentence = (text: string) => (text.endsWith('.') ? text.slice(0, -1) : text);

/** "Downloading installer failed (winget error 0x8A150008)" */
export function describeWingetExitCode(code: number): string {
  const normalised = normaliseWingetExitCode(code);
  const known = WINGET_EXIT_CODES.get(normalised);
  return known ? `${sentence(known.description)} (winget error ${hex(normalised)})` : `winget failed with exit code ${hex(normalised)}`;
}
