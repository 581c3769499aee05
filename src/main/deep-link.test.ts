import { describe, expect, it } from 'vitest';

import { DEEP_LINK_MAX_LENGTH, enrolmentLinkFromArgv, parseEnrolmentLink } from './deep-link';

const CODE = 'K7QM2-ABCDE-FGHJK-LMNPQ-RSTUV-WXYZ2';

function link(server: string, code: string = CODE): string {
  return `loadout://enroll?server=${encodeURIComponent(server)}&code=${encodeURIComponent(code)}`;
}

function reasonFor(value: string): string {
  const result = parseEnrolmentLink(value);
  if (result.ok) throw new Error(`accepted ${value}`);
  return result.reason;
}

describe('parseEnrolmentLink: good links', () => {
  it('reads the server and the code', () => {
    expect(parseEnrolmentLink(link('https://loadout.example.com'))).toEqual({
      ok: true,
      request: { server: 'https://loadout.example.com', code: CODE },
    });
  });

  it('accepts http, a port, a path prefix, a trailing slash before the query and a lower-case code', () => {
    const value = `loadout://enroll/?server=${encodeURIComponent('http://10.0.0.5:3000/loadout/')}&code=k7qm2-abcde`;
    expect(parseEnrolmentLink(value)).toEqual({ ok: true, request: { server: 'http://10.0.0.5:3000/loadout', code: 'k7qm2-abcde' } });
  });

  it('takes the parameters in either order', () => {
    const value = `loadout://enroll?code=${CODE}&server=https%3A%2F%2Fa.example`;
    expect(parseEnrolmentLink(value)).toMatchObject({ ok: true, request: { server: 'https://a.example' } });
  });
});

describe('parseEnrolmentLink: hostile links are refused with a reason', () => {
  it.each([
    ['another scheme', `https://enroll?server=https%3A%2F%2Fa.example&code=${CODE}`],
    ['a look-alike scheme', `loadoutx://enroll?server=https%3A%2F%2Fa.example&code=${CODE}`],
    ['another host', `loadout://install?server=https%3A%2F%2Fa.example&code=${CODE}`],
    ['a path', `loadout://enroll/../settings?server=https%3A%2F%2Fa.example&code=${CODE}`],
    ['credentials on the link', `loadout://me:pw@enroll?server=https%3A%2F%2Fa.example&code=${CODE}`],
    ['a port on the link', `loadout://enroll:80?server=https%3A%2F%2Fa.example&code=${CODE}`],
    ['a fragment', `${link('https://a.example')}#x`],
    ['not a URL at all', 'loadout:'],
    ['an empty string', ''],
  ])('%s', (_what, value) => {
    expect(parseEnrolmentLink(value).ok).toBe(false);
  });

  it('missing, repeated and extra parameters', () => {
    expect(reasonFor(`loadout://enroll?code=${CODE}`)).toMatch(/no "server"/);
    expect(reasonFor('loadout://enroll?server=https%3A%2F%2Fa.example')).toMatch(/no "code"/);
    expect(reasonFor(`${link('https://a.example')}&code=ABCDE`)).toMatch(/more than once/);
    expect(reasonFor(`${link('https://a.example')}&redirect=https%3A%2F%2Fevil.example`)).toMatch(/unknown parameter "redirect"/);
  });

  it.each([
    ['a relative server', '/devices'],
    ['a file server', 'file:///etc/passwd'],
    ['a javascript server', 'javascript:alert(1)'],
    ['a server with credentials', 'https://user:pass@evil.example'],
    ['a server with a user name only', 'https://user@evil.example'],
    ['a server with an empty user part', 'https://@evil.example'],
    ['a server with a query', 'https://a.example/?next=https://evil.example'],
    ['a server with a fragment', 'https://a.example/#x'],
    ['an empty server', ''],
  ])('%s', (_what, server) => {
    expect(reasonFor(link(server))).toMatch(/server/i);
  });

  it.each([
    ['an empty code', ''],
    ['a code with spaces', 'K7QM2 ABCDE'],
    ['a code with a leading dash', '-K7QM2'],
    ['a code with double dashes', 'K7QM2--ABCDE'],
    ['a code with punctuation', 'K7QM2;rm -rf'],
    ['a code with non-ASCII letters', 'K7QM2-ÄBCDE'],
    ['an over-long code', 'A'.repeat(65)],
  ])('%s', (_what, code) => {
    expect(reasonFor(link('https://a.example', code))).toMatch(/code/i);
  });

  it('control characters, raw or percent-encoded', () => {
    expect(reasonFor(`loadout://enroll?server=https%3A%2F%2Fa.example\n&code=${CODE}`)).toMatch(/control/);
    expect(reasonFor(`loadout://enroll?server=https%3A%2F%2Fa.exa\tmple&code=${CODE}`)).toMatch(/control/);
    expect(reasonFor(link('https://a.example\u202E'))).toMatch(/control/);
    expect(reasonFor(link('https://a.example', `${CODE}\u0000`))).toMatch(/code/);
  });

  it('over-long links and servers', () => {
    expect(reasonFor(link(`https://a.example/${'a'.repeat(DEEP_LINK_MAX_LENGTH)}`))).toMatch(/longer than/);
    expect(reasonFor(link(`https://a.example/${'a'.repeat(600)}`))).toMatch(/at most 512/);
  });
});

describe('enrolmentLinkFromArgv', () => {
  it('finds the link among Chromium switches and the executable', () => {
    const argv = ['C:\\Program Files\\Loadout\\Loadout.exe', '--allow-file-access-from-files', link('https://a.example')];
    expect(enrolmentLinkFromArgv(argv)).toEqual({ ok: true, request: { server: 'https://a.example', code: CODE } });
  });

  it('matches the scheme without regard to case, as Windows may pass it', () => {
    expect(enrolmentLinkFromArgv(['app', link('https://a.example').replace('loadout:', 'LOADOUT:')])).toMatchObject({ ok: true });
  });

  it('answers null for a plain second launch', () => {
    expect(enrolmentLinkFromArgv(['/usr/bin/loadout', '--no-sandbox'])).toBeNull();
  });

  it('does not take a link hidden inside a switch', () => {
    expect(enrolmentLinkFromArgv(['app', `--open=${link('https://a.example')}`])).toBeNull();
  });

  it('refuses two links rather than pick one', () => {
    expect(enrolmentLinkFromArgv(['app', link('https://a.example'), link('https://evil.example')])).toEqual({
      ok: false,
      reason: 'More than one loadout:// link was given',
    });
  });

  it('refuses a hostile link found in argv', () => {
    expect(enrolmentLinkFromArgv(['app', link('https://u:p@a.example')])).toMatchObject({ ok: false });
  });
});

describe('the link the registration page offers', () => {
  it('is one the client accepts, with its server and code', async () => {
    const { enrolmentDeepLink } = await import('@shared/desktop/links');
    expect(parseEnrolmentLink(enrolmentDeepLink('https://loadout.example/app', 'K7QM2-ABCDE-FGHIJ'))).toEqual({
      ok: true,
      request: { server: 'https://loadout.example/app', code: 'K7QM2-ABCDE-FGHIJ' },
    });
  });
});
