import { describe, expect, it, vi } from 'vitest';

import { EXTERNAL_URL_MAX_LENGTH, NOT_ENROLLED, type AgentStatus, type EnrolmentRequest } from '@shared/desktop/bridge';

import { BridgeInputError, createBridgeHandlers, type BridgeDeps } from './bridge-handlers';

const ONLINE: AgentStatus = { ...NOT_ENROLLED, state: 'online', server: 'http://localhost:3000', deviceId: 'agent-1', deviceName: 'Desk' };

function setup(overrides: Partial<BridgeDeps> = {}) {
  const enrolments: EnrolmentRequest[] = [];
  const deps: BridgeDeps = {
    appInfo: () => ({ version: '1.2.3', platform: 'linux', arch: 'x64' }),
    openExternal: vi.fn((_url: string) => Promise.resolve()),
    hardwareFingerprint: () => Promise.resolve('a'.repeat(64)),
    agent: {
      status: NOT_ENROLLED,
      enroll: (request) => {
        enrolments.push(request);
        return Promise.resolve({ ok: true, status: ONLINE });
      },
      unenroll: () => Promise.resolve(NOT_ENROLLED),
    },
    serverUrl: () => 'http://localhost:3000',
    ...overrides,
  };
  return { deps, enrolments, handlers: createBridgeHandlers(deps) };
}

describe('getAppInfo', () => {
  it('answers the version and the OS, and takes no arguments', async () => {
    const { handlers } = setup();
    await expect(handlers.getAppInfo([])).resolves.toEqual({ version: '1.2.3', platform: 'linux', arch: 'x64' });
    await expect(handlers.getAppInfo(['extra'])).rejects.toBeInstanceOf(BridgeInputError);
  });
});

describe('openExternal', () => {
  it('opens an https link in the system browser', async () => {
    const { handlers, deps } = setup();
    await expect(handlers.openExternal(['https://example.com/help'])).resolves.toBeUndefined();
    expect(deps.openExternal).toHaveBeenCalledWith('https://example.com/help');
  });

  it.each([
    ['a javascript: URL', ['javascript:alert(1)']],
    ['a file: URL', ['file:///etc/passwd']],
    ['a custom scheme', ['ms-settings:privacy']],
    ['a relative path', ['/lists']],
    ['a number', [42]],
    ['an object', [{ url: 'https://example.com' }]],
    ['no argument', []],
    ['two arguments', ['https://example.com', 'https://example.org']],
    ['an over-long URL', [`https://example.com/${'a'.repeat(EXTERNAL_URL_MAX_LENGTH)}`]],
  ])('refuses %s', async (_name, args) => {
    const { handlers, deps } = setup();
    await expect(handlers.openExternal(args)).rejects.toBeInstanceOf(BridgeInputError);
    expect(deps.openExternal).not.toHaveBeenCalled();
  });
});

describe('enroll', () => {
  it('enrols with the window’s server and the code, and answers the result', async () => {
    const { handlers, enrolments } = setup();
    await expect(handlers.enroll([{ code: 'K7QM2-ABCDE-12345' }])).resolves.toEqual({ ok: true, status: ONLINE });
    expect(enrolments).toEqual([{ server: 'http://localhost:3000', code: 'K7QM2-ABCDE-12345' }]);
  });

  it.each([
    ['a server chosen by the page', [{ code: 'K7QM2-ABCDE', server: 'https://evil.example' }]],
    ['a code with spaces', [{ code: 'K7QM2 ABCDE' }]],
    ['a code with a line break', [{ code: 'K7QM2\nABCDE' }]],
    ['an over-long code', [{ code: 'A'.repeat(65) }]],
    ['an empty code', [{ code: '' }]],
    ['a bare string', ['K7QM2-ABCDE']],
    ['no argument', []],
    ['two arguments', [{ code: 'K7QM2-ABCDE' }, { code: 'K7QM2-ABCDE' }]],
    ['a prototype trick', [JSON.parse('{"code":"K7QM2-ABCDE","__proto__":{"server":"https://evil.example"}}')]],
  ])('refuses %s without enrolling', async (_name, args) => {
    const { handlers, enrolments } = setup();
    await expect(handlers.enroll(args)).rejects.toBeInstanceOf(BridgeInputError);
    expect(enrolments).toEqual([]);
  });

  it('passes a refusal on as data, with the server’s words', async () => {
    const refused = { ok: false as const, code: 'REGISTRATION_CODE_EXPIRED', message: 'This registration code has expired' };
    const { handlers } = setup({
      agent: { status: NOT_ENROLLED, enroll: () => Promise.resolve(refused), unenroll: () => Promise.resolve(NOT_ENROLLED) },
    });
    await expect(handlers.enroll([{ code: 'K7QM2-ABCDE' }])).resolves.toEqual(refused);
  });
});

describe('status, unenrol and fingerprint', () => {
  it('answers the agent’s status and unenrols; neither takes arguments', async () => {
    const { handlers } = setup();
    await expect(handlers.getAgentStatus([])).resolves.toEqual(NOT_ENROLLED);
    await expect(handlers.unenroll([])).resolves.toEqual(NOT_ENROLLED);
    await expect(handlers.getAgentStatus([1])).rejects.toBeInstanceOf(BridgeInputError);
    await expect(handlers.unenroll([{ force: true }])).rejects.toBeInstanceOf(BridgeInputError);
  });

  it('answers the hashed machine id, or null when the OS gives none or something else came back', async () => {
    await expect(setup().handlers.getHardwareFingerprint([])).resolves.toBe('a'.repeat(64));
    const none = setup({ hardwareFingerprint: () => Promise.resolve(undefined) });
    await expect(none.handlers.getHardwareFingerprint([])).resolves.toBeNull();
    const raw = setup({ hardwareFingerprint: () => Promise.resolve('4c4c4544-0042-3510-8051-b4c04f4d4d31') });
    await expect(raw.handlers.getHardwareFingerprint([])).resolves.toBeNull();
  });
});
