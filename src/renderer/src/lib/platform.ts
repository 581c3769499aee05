import type { LoadoutBridge } from '@shared/desktop/bridge';

/** The platform name the server records for a sign-in. */
export type ClientPlatform = 'windows' | 'macos' | 'linux';

export function detectPlatform(userAgent: string = navigator.userAgent): ClientPlatform {
  const ua = userAgent.toLowerCase();
  if (ua.includes('mac')) return 'macos';
  if (ua.includes('linux') || ua.includes('x11') || ua.includes('cros')) return 'linux';
  // Windows is the default when nothing matches (the product's choice).
  return 'windows';
}

/**
 * The visitor's system, for offering its download first. Client hints name it plainly where the
 * browser has them. Only their three plain names are taken: a browser whose user agent was
 * overridden reports an empty platform there, and "Chrome OS" or "Android" say less than the
 * user agent string does.
 */
export function visitorPlatform(): ClientPlatform {
  const hint = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? '';
  return detectPlatform(['Windows', 'macOS', 'Linux'].includes(hint) ? hint : navigator.userAgent);
}

declare global {
  interface Window {
    /**
     * Set by the desktop client's preload (src/preload). Typed `unknown` on purpose: any page
     * script can assign it, so only `desktopBridge()` reads it, after checking its shape.
     */
    loadout?: unknown;
  }
}

/** Every operation of the bridge, as a record so that a new operation must be listed to compile. */
const BRIDGE_METHODS: Readonly<Record<keyof LoadoutBridge, true>> = {
  getAppInfo: true,
  openExternal: true,
  getHardwareFingerprint: true,
  getAgentStatus: true,
  enroll: true,
  unenroll: true,
  onAgentEvent: true,
};

function isLoadoutBridge(value: unknown): value is LoadoutBridge {
  if (typeof value !== 'object' || value === null) return false;
  return Object.keys(BRIDGE_METHODS).every((method) => typeof Reflect.get(value, method) === 'function');
}

/**
 * The desktop client's bridge when this page runs inside its window, else null. An object
 * without every operation (an older client, a page script) counts as a browser: the screens
 * then offer what a browser offers rather than calling something that is not there.
 */
export function desktopBridge(): LoadoutBridge | null {
  if (typeof window === 'undefined') return null;
  const candidate = window.loadout;
  return isLoadoutBridge(candidate) ? candidate : null;
}

/** True inside the desktop client's window. */
export function isDesktop(): boolean {
  return desktopBridge() !== null;
}
