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

/**
 * Only same-origin relative paths are followed after sign-in; anything else (absolute URLs,
 * protocol-relative "//host") would let a crafted link send the user to another site.
 */
export function safeRedirectTarget(value: string | null | undefined, fallback = '/app-list'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  try {
    const url = new URL(value, window.location.origin);
    if (url.origin !== window.location.origin) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/**
 * Where a user goes once their session is cleared on purpose (log out, forced logout, deleted
 * account). Clearing the session re-renders RequireAuth, which would otherwise send them to
 * /sign-in?redirect=… and lose the reason; it honours this instead. Signing in forgets it.
 */
let signedOutDestination: string | null = null;

export function signOutTo(destination: string, clear: () => void): void {
  signedOutDestination = destination;
  clear();
  navigateTo(destination, { replace: true });
}

export function signedOutDestinationOr(fallback: string): string {
  return signedOutDestination ?? fallback;
}

export function forgetSignedOutDestination(): void {
  signedOutDestination = null;
}
