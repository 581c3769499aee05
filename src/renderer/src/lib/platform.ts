/** The platform name the server records for a sign-in (SPEC §7 "platform"). */
export type ClientPlatform = 'windows' | 'macos' | 'linux';

export function detectPlatform(userAgent: string = navigator.userAgent): ClientPlatform {
  const ua = userAgent.toLowerCase();
  if (ua.includes('mac')) return 'macos';
  if (ua.includes('linux') || ua.includes('x11') || ua.includes('cros')) return 'linux';
  // SPEC §2: Windows is the default when nothing matches.
  return 'windows';
}
