import { shell, type Session, type WebContents } from 'electron';

import { isHttpUrl } from '@shared/desktop/bridge';

/**
 * The window's security policy (Electron's security checklist): the app only ever shows the
 * Loadout server's origin; everything else goes to the system browser or nowhere.
 */

/** Permissions the app origin may use. Copying a registration token needs the clipboard. */
const ALLOWED_PERMISSIONS = new Set(['clipboard-sanitized-write']);

/** Used only when the server sent none; the server's own helmet CSP is the one that normally applies. */
export function fallbackCsp(appOrigin: string): string {
  const { host, protocol } = new URL(appOrigin);
  const socket = `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${socket}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function originOf(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const { origin } = new URL(url);
  // Opaque origins (file:, data:, javascript:, about:) serialise as "null": never the app's.
  return origin === 'null' ? null : origin;
}

export function isAppUrl(url: string, appOrigin: string): boolean {
  return originOf(url) === appOrigin;
}

/** Opens a link in the system browser when it is http(s); reports whether it did. */
export function openInBrowser(url: string): boolean {
  if (!isHttpUrl(url)) return false;
  shell.openExternal(url).catch((error: unknown) => {
    console.error('[loadout] could not open link in browser', error);
  });
  return true;
}

/** Window-level rules: no pop-ups, no webviews, no navigation away from the app origin. */
export function secureWebContents(contents: WebContents, appOrigin: string): void {
  contents.setWindowOpenHandler(({ url }) => {
    openInBrowser(url);
    return { action: 'deny' };
  });

  // will-navigate fires for the main frame only, so third-party iframes (payments) keep working.
  contents.on('will-navigate', (event) => {
    if (isAppUrl(event.url, appOrigin)) return;
    event.preventDefault();
    openInBrowser(event.url);
  });

  // A redirect to a foreign origin is not something the user chose: stop it, open nothing.
  contents.on('will-redirect', (event) => {
    if (event.isMainFrame && !isAppUrl(event.url, appOrigin)) event.preventDefault();
  });

  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
  });
}

/** Session-level rules: deny permissions, and make sure the app's documents carry a CSP. */
export function secureSession(session: Session, appOrigin: string): void {
  session.setPermissionRequestHandler((contents, permission, callback, details) => {
    const origin = originOf(details.requestingUrl) ?? originOf(contents.getURL());
    callback(origin === appOrigin && ALLOWED_PERMISSIONS.has(permission));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => {
    return originOf(requestingOrigin) === appOrigin && ALLOWED_PERMISSIONS.has(permission);
  });

  const csp = fallbackCsp(appOrigin);
  session.webRequest.onHeadersReceived({ urls: [`${appOrigin}/*`] }, (details, callback) => {
    const headers = details.responseHeaders ?? {};
    const isDocument = details.resourceType === 'mainFrame' || details.resourceType === 'subFrame';
    const hasCsp = Object.keys(headers).some((name) => name.toLowerCase() === 'content-security-policy');
    if (!isDocument || hasCsp) {
      callback({});
      return;
    }
    callback({ responseHeaders: { ...headers, 'Content-Security-Policy': [csp] } });
  });
}
