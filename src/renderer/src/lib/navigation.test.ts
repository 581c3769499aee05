// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';

import { safeRedirectTarget } from './navigation';

describe('safeRedirectTarget', () => {
  it('follows a path of this site, with its query and fragment', () => {
    expect(safeRedirectTarget('/settings')).toBe('/settings');
    expect(safeRedirectTarget('/settings?tab=1#x')).toBe('/settings?tab=1#x');
    expect(safeRedirectTarget('/installations/abc')).toBe('/installations/abc');
  });

  it('refuses what a browser would read as another site', () => {
    expect(safeRedirectTarget('//evil.invalid')).toBe('/app-list');
    expect(safeRedirectTarget('/\\evil.invalid')).toBe('/app-list');
    expect(safeRedirectTarget('/settings\\..\\\\evil.invalid')).toBe('/app-list');
    expect(safeRedirectTarget('https://evil.invalid')).toBe('/app-list');
    expect(safeRedirectTarget('javascript:alert(1)')).toBe('/app-list');
  });

  it('checks the normalised path, not only the text it was given', () => {
    // "/./" passes a check on the first characters but normalises to "//evil.invalid".
    expect(safeRedirectTarget('/.//evil.invalid')).toBe('/app-list');
    expect(safeRedirectTarget('/x/..//evil.invalid')).toBe('/app-list');
    // The URL parser drops tabs and line breaks: "/\t/evil.invalid" would become "//evil.invalid".
    expect(safeRedirectTarget('/\t/evil.invalid')).toBe('/app-list');
    expect(safeRedirectTarget('/\n/evil.invalid')).toBe('/app-list');
    expect(safeRedirectTarget('/settings\u0000')).toBe('/app-list');
    expect(safeRedirectTarget('/settings\u0085')).toBe('/app-list');
  });

  it('keeps encoded slashes encoded, so they stay one local path', () => {
    expect(safeRedirectTarget('/%2F%2Fevil.invalid')).toBe('/%2F%2Fevil.invalid');
    expect(safeRedirectTarget('/%5Cevil.invalid')).toBe('/%5Cevil.invalid');
  });

  it('falls back when there is nothing to follow', () => {
    expect(safeRedirectTarget('')).toBe('/app-list');
    expect(safeRedirectTarget(null)).toBe('/app-list');
    expect(safeRedirectTarget(undefined)).toBe('/app-list');
    expect(safeRedirectTarget('settings')).toBe('/app-list');
    expect(safeRedirectTarget('//evil.invalid', '/somewhere')).toBe('/somewhere');
  });

  it('does not send a user who just signed in back to sign-in or sign-up', () => {
    expect(safeRedirectTarget('/sign-in')).toBe('/app-list');
    expect(safeRedirectTarget('/sign-in?redirect=%2Fsettings')).toBe('/app-list');
    expect(safeRedirectTarget('/Sign-Up/')).toBe('/app-list');
    expect(safeRedirectTarget('/./sign-in')).toBe('/app-list');
  });
});

describe('the reason of a forced sign-out', () => {
  it('is still said by a page that loads after it, in the same tab, until the next sign-in', async () => {
    const first = await import('./navigation');
    first.signOutTo('/sign-in?message=password_changed', () => undefined);
    // A page load starts the app again: only what the tab kept is left.
    vi.resetModules();
    const reloaded = await import('./navigation');
    expect(reloaded.signedOutDestinationOr('/sign-in?redirect=%2Fsettings')).toBe('/sign-in?message=password_changed');
    reloaded.forgetSignedOutDestination();
    expect(reloaded.signedOutDestinationOr('/sign-in?redirect=%2Fsettings')).toBe('/sign-in?redirect=%2Fsettings');
  });

  it('is not kept for a sign-out the user chose: a later page asks to sign in and comes back', async () => {
    vi.resetModules();
    const first = await import('./navigation');
    first.signOutTo('/sign-in', () => undefined);
    vi.resetModules();
    const reloaded = await import('./navigation');
    expect(reloaded.signedOutDestinationOr('/sign-in?redirect=%2Fsettings')).toBe('/sign-in?redirect=%2Fsettings');
  });
});
