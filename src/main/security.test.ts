import type { Session, WebContents } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { fallbackCsp, isAppUrl, secureSession, secureWebContents } from './security';

const electron = vi.hoisted(() => ({
  shell: { openExternal: vi.fn((_url: string) => Promise.resolve()) },
}));
vi.mock('electron', () => electron);

const APP_ORIGIN = 'http://localhost:3000';

type Listener = (...args: unknown[]) => void;

function fakeWebContents() {
  const listeners = new Map<string, Listener>();
  let openHandler: ((details: { url: string }) => { action: string }) | undefined;
  const contents = {
    setWindowOpenHandler: (handler: typeof openHandler) => {
      openHandler = handler;
    },
    on: (name: string, listener: Listener) => {
      listeners.set(name, listener);
      return contents;
    },
    getURL: () => `${APP_ORIGIN}/lists`,
  };
  secureWebContents(contents as unknown as WebContents, APP_ORIGIN);
  return {
    windowOpen: (url: string) => openHandler?.({ url }),
    /** Emits a navigation-like event and reports whether the policy prevented it. */
    emit: (name: string, details: { url?: string; isMainFrame?: boolean } = {}): boolean => {
      const listener = listeners.get(name);
      if (!listener) throw new Error(`no ${name} listener`);
      const event = { ...details, preventDefault: vi.fn() };
      listener(event, details.url, false, details.isMainFrame ?? true);
      return event.preventDefault.mock.calls.length > 0;
    },
  };
}

beforeEach(() => {
  electron.shell.openExternal.mockClear();
});

describe('window.open', () => {
  it('is always denied; http(s) links go to the system browser', () => {
    const contents = fakeWebContents();
    expect(contents.windowOpen('https://example.com/help')).toEqual({ action: 'deny' });
    expect(contents.windowOpen('http://example.com/')).toEqual({ action: 'deny' });
    expect(electron.shell.openExternal.mock.calls).toEqual([['https://example.com/help'], ['http://example.com/']]);
  });

  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,<script>1</script>', 'smb://host/share', 'not a url'])(
    'refuses %s without opening anything',
    (url) => {
      const contents = fakeWebContents();
      expect(contents.windowOpen(url)).toEqual({ action: 'deny' });
      expect(electron.shell.openExternal).not.toHaveBeenCalled();
    },
  );

  it('denies a same-origin pop-up too (no second window ever exists)', () => {
    expect(fakeWebContents().windowOpen(`${APP_ORIGIN}/lists`)).toEqual({ action: 'deny' });
  });
});

describe('navigation', () => {
  it('allows the app origin', () => {
    const contents = fakeWebContents();
    expect(contents.emit('will-navigate', { url: `${APP_ORIGIN}/devices?x=1` })).toBe(false);
    expect(contents.emit('will-redirect', { url: `${APP_ORIGIN}/login` })).toBe(false);
    expect(electron.shell.openExternal).not.toHaveBeenCalled();
  });

  it.each(['https://evil.example/', 'http://localhost:3001/', 'https://localhost:3000/', 'http://localhost.evil.example:3000/'])(
    'prevents navigating to %s and opens it in the browser instead',
    (url) => {
      const contents = fakeWebContents();
      expect(contents.emit('will-navigate', { url })).toBe(true);
      expect(electron.shell.openExternal).toHaveBeenCalledWith(url);
    },
  );

  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'about:blank'])('prevents %s and opens nothing', (url) => {
    const contents = fakeWebContents();
    expect(contents.emit('will-navigate', { url })).toBe(true);
    expect(electron.shell.openExternal).not.toHaveBeenCalled();
  });

  it('stops a main-frame redirect to a foreign origin without opening it', () => {
    const contents = fakeWebContents();
    expect(contents.emit('will-redirect', { url: 'https://evil.example/', isMainFrame: true })).toBe(true);
    expect(electron.shell.openExternal).not.toHaveBeenCalled();
  });

  it('refuses to attach webviews', () => {
    expect(fakeWebContents().emit('will-attach-webview')).toBe(true);
  });
});

describe('isAppUrl', () => {
  it('compares whole origins', () => {
    expect(isAppUrl(`${APP_ORIGIN}/x`, APP_ORIGIN)).toBe(true);
    expect(isAppUrl('http://localhost:3000@evil.example/', APP_ORIGIN)).toBe(false);
    expect(isAppUrl('', APP_ORIGIN)).toBe(false);
  });
});

function fakeSession() {
  let requestHandler: ((...args: unknown[]) => void) | undefined;
  let checkHandler: ((...args: unknown[]) => boolean) | undefined;
  let headersFilter: { urls: string[] } | undefined;
  let headersListener: ((details: unknown, callback: (response: unknown) => void) => void) | undefined;
  const session = {
    setPermissionRequestHandler: (handler: typeof requestHandler) => {
      requestHandler = handler;
    },
    setPermissionCheckHandler: (handler: typeof checkHandler) => {
      checkHandler = handler;
    },
    webRequest: {
      onHeadersReceived: (filter: typeof headersFilter, listener: typeof headersListener) => {
        headersFilter = filter;
        headersListener = listener;
      },
    },
  };
  secureSession(session as unknown as Session, APP_ORIGIN);
  const contents = { getURL: () => `${APP_ORIGIN}/` };
  return {
    request: (permission: string, requestingUrl = `${APP_ORIGIN}/settings`): boolean => {
      const callback = vi.fn();
      requestHandler?.(contents, permission, callback, { requestingUrl, isMainFrame: true });
      expect(callback).toHaveBeenCalledTimes(1);
      return callback.mock.calls[0]?.[0] as boolean;
    },
    check: (permission: string, origin = APP_ORIGIN): boolean | undefined => checkHandler?.(contents, permission, origin, {}),
    headersFilter: () => headersFilter,
    headers: (details: unknown) => {
      const callback = vi.fn();
      headersListener?.(details, callback);
      return callback.mock.calls[0]?.[0] as { responseHeaders?: Record<string, string[]> };
    },
  };
}

describe('permissions', () => {
  it.each(['media', 'geolocation', 'notifications', 'clipboard-read', 'display-capture', 'openExternal', 'unknown'])(
    'denies %s requests and checks',
    (permission) => {
      const session = fakeSession();
      expect(session.request(permission)).toBe(false);
      expect(session.check(permission)).toBe(false);
    },
  );

  it('lets only the app origin write to the clipboard (copying a registration token)', () => {
    const session = fakeSession();
    expect(session.request('clipboard-sanitized-write')).toBe(true);
    expect(session.request('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    expect(session.check('clipboard-sanitized-write')).toBe(true);
    expect(session.check('clipboard-sanitized-write', 'https://evil.example')).toBe(false);
  });
});

describe('content security policy', () => {
  const document = (responseHeaders: Record<string, string[]>) => ({
    url: `${APP_ORIGIN}/`,
    resourceType: 'mainFrame',
    responseHeaders,
  });

  it('watches only the app origin', () => {
    expect(fakeSession().headersFilter()).toEqual({ urls: [`${APP_ORIGIN}/*`] });
  });

  it('adds a strict CSP to an app document that came without one', () => {
    const response = fakeSession().headers(document({ 'Content-Type': ['text/html'] }));
    const csp = response.responseHeaders?.['Content-Security-Policy']?.[0] ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(response.responseHeaders?.['Content-Type']).toEqual(['text/html']);
  });

  it("keeps the server's own CSP", () => {
    expect(fakeSession().headers(document({ 'content-security-policy': ["default-src 'self'"] }))).toEqual({});
  });

  it('leaves non-documents alone', () => {
    expect(fakeSession().headers({ ...document({}), resourceType: 'script' })).toEqual({});
  });

  it('lets the app open its WebSocket', () => {
    expect(fallbackCsp('https://loadout.example')).toContain("connect-src 'self' wss://loadout.example");
  });
});
