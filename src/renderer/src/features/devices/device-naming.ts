import { detectPlatform } from '../../lib/platform';

const OS_LABELS = { windows: 'Windows', macos: 'macOS', linux: 'Linux' } as const;

export function browserName(userAgent: string): string {
  // The desktop window's Chromium says "Electron/41…" besides "Chrome/…": it is the Loadout app.
  if (/electron\//i.test(userAgent)) return 'Loadout app';
  if (/edg\//i.test(userAgent)) return 'Edge';
  if (/opr\/|opera/i.test(userAgent)) return 'Opera';
  if (/firefox\//i.test(userAgent)) return 'Firefox';
  if (/chrom(e|ium)\//i.test(userAgent)) return 'Chrome';
  if (/safari\//i.test(userAgent)) return 'Safari';
  return 'Browser';
}

/** The name the registration prompt suggests, e.g. "Chrome on Linux". */
export function defaultDeviceName(userAgent: string = navigator.userAgent): string {
  return `${browserName(userAgent)} on ${OS_LABELS[detectPlatform(userAgent)]}`;
}
