import { desktopBridge } from './platform';
import { STORAGE_KEYS } from './session';

/**
 * The browser's device id: `dev_` + the first 12 hex characters of a
 * SHA-256 over a browser fingerprint (the "visitor hash"). Stored once computed, so it stays
 * stable; recomputing gives the same value on the same browser anyway. Mobile browsers get a
 * temporary id for the tab and never register. In the desktop
 * client's window the hash is the machine's hardware fingerprint instead, which the desktop
 * client computes in main (a browser fingerprint of an Electron window says little).
 */
const HASH_LENGTH = 12;
const TEMP_ID_KEY = 'tempDeviceId';

export function isMobileBrowser(userAgent: string = navigator.userAgent, maxTouchPoints: number = navigator.maxTouchPoints): boolean {
  if (/android|iphone|ipod|ipad|mobile|iemobile|opera mini|blackberry/i.test(userAgent)) return true;
  // iPadOS presents itself as a Mac; only the touch screen gives it away.
  return /macintosh/i.test(userAgent) && maxTouchPoints > 1;
}

function canvasText(): string {
  try {
    const canvas = document.createElement('canvas');
    canvas.width = 200;
    canvas.height = 40;
    const context = canvas.getContext('2d');
    if (!context) return '';
    context.textBaseline = 'top';
    context.font = '14px Arial';
    context.fillStyle = '#f60';
    context.fillRect(100, 1, 62, 20);
    context.fillStyle = '#069';
    context.fillText('Loadout device 🖥', 2, 15);
    return canvas.toDataURL();
  } catch {
    return '';
  }
}

/** What the visitor hash covers: stable properties of this browser on this machine. */
export function browserFingerprint(): string {
  const nav = navigator as Navigator & { deviceMemory?: number };
  return [
    nav.userAgent,
    (nav.languages ?? [nav.language]).join(','),
    nav.platform,
    `${screen.width}x${screen.height}`,
    String(screen.colorDepth),
    Intl.DateTimeFormat().resolvedOptions().timeZone,
    String(nav.hardwareConcurrency ?? ''),
    String(nav.deviceMemory ?? ''),
    canvasText(),
  ].join('|');
}

/** The fallback fingerprint: platform, screen size, colour depth, core count and language. */
export function fallbackFingerprint(): string {
  return [
    navigator.platform,
    `${screen.width}x${screen.height}`,
    String(screen.colorDepth),
    String(navigator.hardwareConcurrency ?? ''),
    navigator.language,
  ].join('|');
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A plain-JS hash for the fallback: crypto.subtle only exists in secure contexts, and the
 * fallback is exactly for when it is missing. Two 32-bit FNV-1a passes give 16 hex digits.
 */
export function fallbackHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995) ^ (b >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/** SHA-256 hex, as `hardwareFingerprintSchema` in @shared/desktop/bridge (zod stays off the first route). */
const FINGERPRINT_SHAPE = /^[0-9a-f]{64}$/;

/** `dev_` + the hardware fingerprint's start, or null outside the desktop window or when it has none. */
async function desktopDeviceId(): Promise<string | null> {
  const bridge = desktopBridge();
  if (!bridge) return null;
  try {
    const fingerprint = await bridge.getHardwareFingerprint();
    return typeof fingerprint === 'string' && FINGERPRINT_SHAPE.test(fingerprint) ? `dev_${fingerprint.slice(0, HASH_LENGTH)}` : null;
  } catch {
    // A failing bridge must not leave the window without an id: the browser way still works.
    return null;
  }
}

export async function computeDeviceId(): Promise<string> {
  const desktop = await desktopDeviceId();
  if (desktop) return desktop;
  try {
    return `dev_${(await sha256Hex(browserFingerprint())).slice(0, HASH_LENGTH)}`;
  } catch {
    return `dev_${fallbackHash(fallbackFingerprint()).slice(0, HASH_LENGTH)}`;
  }
}

function temporaryId(): string {
  const existing = sessionStorage.getItem(TEMP_ID_KEY);
  if (existing) return existing;
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  const id = `tmp_${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
  sessionStorage.setItem(TEMP_ID_KEY, id);
  return id;
}

/** The id if it is already known, without computing: for code that must not wait. */
export function knownDeviceId(): string | null {
  if (isMobileBrowser()) return sessionStorage.getItem(TEMP_ID_KEY);
  return localStorage.getItem(STORAGE_KEYS.deviceId);
}

let pending: Promise<string> | null = null;

/** This browser's device id, computed on first use and stored (temporary on mobile). */
export function getDeviceId(): Promise<string> {
  if (isMobileBrowser()) return Promise.resolve(temporaryId());
  const stored = localStorage.getItem(STORAGE_KEYS.deviceId);
  if (stored) return Promise.resolve(stored);
  pending ??= computeDeviceId()
    .then((id) => {
      localStorage.setItem(STORAGE_KEYS.deviceId, id);
      return id;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** The secret the server gave this browser when it registered as a device, if it has one. */
export function readDeviceSecret(): string | null {
  return localStorage.getItem(STORAGE_KEYS.deviceSecret);
}

export function saveDeviceSecret(secret: string): void {
  localStorage.setItem(STORAGE_KEYS.deviceSecret, secret);
}

/**
 * A new id for this browser, when the one it computed is registered to another browser (the
 * server answers DEVICE_ALREADY_REGISTERED: this browser cannot show that device's secret, e.g.
 * its storage was cleared). The fingerprint would give the same id again, so this one is random.
 */
export function replaceDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(HASH_LENGTH / 2));
  const id = `dev_${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
  localStorage.setItem(STORAGE_KEYS.deviceId, id);
  localStorage.removeItem(STORAGE_KEYS.deviceSecret);
  return id;
}
