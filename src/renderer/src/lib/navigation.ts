/**
 * Lets code outside React (the API client) navigate through the router. The app sets the
 * navigator once the router exists; before that a full page load is the safe fallback.
 */
type Navigator = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigator | null = null;

export function setNavigator(next: Navigator | null): void {
  navigator = next;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigator) navigator(to, options);
  else window.location.assign(to);
}

/** Path, query and hash of the current page, for ?redirect= links back to it. */
export function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/** The sign-in link that brings the user back to `path` afterwards. */
export function signInRedirectPath(path: string): string {
  return `/sign-in?redirect=${encodeURIComponent(path)}`;
}

/** Any origin will do: it only has to be one no redirect target can name. */
const REDIRECT_BASE = 'http://x.invalid';
/** Sending a user who just signed in back to a sign-in screen would bounce them off the guard. */
const AUTH_SCREENS = ['/sign-in', '/sign-up'];

/**
 * C0 controls, DEL and C1 controls. The URL parser silently drops tabs and line breaks, so a
 * "/", a tab and "/host" would become "//host" after the checks on the raw text had passed.
 */
function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

function isAuthScreen(pathname: string): boolean {
  // React Router matches case-insensitively and ignores one trailing slash.
  const path = pathname.toLowerCase();
  return AUTH_SCREENS.some((screen) => path === screen || path === `${screen}/`);
}

/**
 * Where to go after sign-in for a ?redirect= value: a path of this site, or `fallback`.
 * Browsers read "//host", "/\host" and (after normalising dot segments) "/.//host" as another
 * site, so the value must start with exactly one slash, hold no backslash or control character,
 * and still be a same-origin path that does not start with "//" once normalised. The answer is
 * the normalised path: safe on its own, without relying on the router to neutralise it.
 */
export function safeRedirectTarget(value: string | null | undefined, fallback = '/app-list'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return fallback;
  if (value.includes('\\') || hasControlCharacter(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, REDIRECT_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== REDIRECT_BASE || url.pathname.startsWith('//') || isAuthScreen(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where a user goes once their session is cleared on purpose (log out, forced logout, deleted
 * account). Clearing the session re-renders RequireAuth, which would otherwise send them to
 * /sign-in?redirect=… and lose the reason; it honours this instead. Signing in forgets it.
 *
 * A forced logout's reason is also kept for the tab (sessionStorage): the session may be ended
 * while a page load is on its way (the event stream hears of a revoked session at once), and the
 * page that then loads, signed out, must still say why instead of "sign in to continue".
 */
let signedOutDestination: string | null = null;
const SIGNED_OUT_KEY = 'signedOutDestination';

export function signOutTo(destination: string, clear: () => void): void {
  signedOutDestination = destination;
  if (destination.includes('?message=')) keepForTab(destination);
  clear();
  navigateTo(destination, { replace: true });
}

export function signedOutDestinationOr(fallback: string): string {
  return signedOutDestination ?? keptForTab() ?? fallback;
}

export function forgetSignedOutDestination(): void {
  signedOutDestination = null;
  try {
    sessionStorage.removeItem(SIGNED_OUT_KEY);
  } catch {
    // Storage refused (private mode): nothing was kept.
  }
}

function keepForTab(destination: string): void {
  try {
    sessionStorage.setItem(SIGNED_OUT_KEY, destination);
  } catch {
    // Storage refused: the reason is still said on this page load.
  }
}

function keptForTab(): string | null {
  try {
    const kept = sessionStorage.getItem(SIGNED_OUT_KEY);
    return kept?.startsWith('/sign-in?message=') ? kept : null;
  } catch {
    return null;
  }
}
