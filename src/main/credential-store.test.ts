import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SafeStorage } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { CREDENTIAL_FILE, CredentialStore, CredentialStoreError, type SecretSealer } from './credential-store';

const ENROLMENT = {
  server: 'https://loadout.example.com',
  deviceId: 'device-1',
  deviceName: 'Studio Mac',
  credential: 'dc_live_5f3a9c2e7b1d4a8f',
};

// Checked by tsc: Electron's own `safeStorage` fits the interface.
const electronFits: SafeStorage extends SecretSealer ? true : never = true;

/** Stands in for the OS keychain: reversible, and nothing of the plain text survives in the output. */
function fakeSafeStorage({ available = true, backend = 'gnome_libsecret' } = {}) {
  return {
    isEncryptionAvailable: vi.fn(() => available),
    encryptString: vi.fn((plain: string) => Buffer.from(Buffer.from(plain).map((byte) => byte ^ 0x5a))),
    decryptString: vi.fn((sealed: Buffer) => Buffer.from(sealed.map((byte) => byte ^ 0x5a)).toString()),
    getSelectedStorageBackend: vi.fn(() => backend),
  } satisfies SecretSealer;
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loadout-credentials-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('with a keychain', () => {
  it('round-trips the enrolment', async () => {
    const store = new CredentialStore({ dir: join(dir, 'userData'), safeStorage: fakeSafeStorage(), platform: 'linux' });
    await store.save(ENROLMENT);
    await expect(store.load()).resolves.toEqual(ENROLMENT);
    expect(electronFits).toBe(true);
  });

  it('keeps the release key pinned at enrolment, and reads a file written before keys were pinned', async () => {
    const store = new CredentialStore({ dir, safeStorage: fakeSafeStorage(), platform: 'linux' });
    const pinned = { ...ENROLMENT, releasePublicKey: `${'A'.repeat(43)}=` };
    await store.save(pinned);
    await expect(store.load()).resolves.toEqual(pinned);
    await store.save(ENROLMENT);
    await expect(store.load()).resolves.toEqual(ENROLMENT);
  });

  it('never writes the plain credential, and keeps the file to its owner', async () => {
    const safeStorage = fakeSafeStorage();
    const store = new CredentialStore({ dir, safeStorage, platform: 'darwin' });
    await store.save(ENROLMENT);
    const text = await readFile(store.file, 'utf8');
    expect(text).not.toContain(ENROLMENT.credential);
    expect(text).toContain(ENROLMENT.deviceName);
    expect(safeStorage.encryptString).toHaveBeenCalledWith(ENROLMENT.credential);
    if (process.platform !== 'win32') expect((await stat(store.file)).mode & 0o777).toBe(0o600);
  });

  it('replaces the file whole and leaves no temporary file behind', async () => {
    const store = new CredentialStore({ dir, safeStorage: fakeSafeStorage(), platform: 'win32' });
    await store.save(ENROLMENT);
    await store.save({ ...ENROLMENT, deviceName: 'Renamed' });
    expect(await readdir(dir)).toEqual([CREDENTIAL_FILE]);
    await expect(store.load()).resolves.toMatchObject({ deviceName: 'Renamed' });
  });

  it('answers null when nothing is stored', async () => {
    await expect(new CredentialStore({ dir, safeStorage: fakeSafeStorage() }).load()).resolves.toBeNull();
  });

  it('refuses a damaged file or one that cannot be decrypted', async () => {
    const store = new CredentialStore({ dir, safeStorage: fakeSafeStorage(), platform: 'darwin' });
    await writeFile(store.file, '{"version":1,');
    await expect(store.load()).rejects.toThrow(/damaged/);
    // JSON, but not this store's shape (the agent's plain agent.json, say): as damaged, a CredentialStoreError.
    await writeFile(store.file, JSON.stringify({ ...ENROLMENT }));
    await expect(store.load()).rejects.toThrow(`${store.file} is damaged: enrol this computer again`);
    await expect(store.load()).rejects.toBeInstanceOf(CredentialStoreError);

    await store.save(ENROLMENT);
    const locked = fakeSafeStorage();
    locked.decryptString.mockImplementation(() => {
      throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    });
    await expect(new CredentialStore({ dir, safeStorage: locked, platform: 'darwin' }).load()).rejects.toThrow(/cannot be decrypted/);
  });
});

describe('without a keychain', () => {
  it('refuses to store the credential with a clear error', async () => {
    const store = new CredentialStore({ dir, safeStorage: fakeSafeStorage({ available: false }), platform: 'linux' });
    await expect(store.save(ENROLMENT)).rejects.toThrow(CredentialStoreError);
    await expect(store.save(ENROLMENT)).rejects.toThrow(/no keychain/);
    expect(await readdir(dir)).toEqual([]);
  });

  it("treats Linux's basic_text backend (a key built into Chromium) as no keychain", async () => {
    const safeStorage = fakeSafeStorage({ backend: 'basic_text' });
    const store = new CredentialStore({ dir, safeStorage, platform: 'linux' });
    await expect(store.save(ENROLMENT)).rejects.toThrow(/no keychain/);
    expect(safeStorage.encryptString).not.toHaveBeenCalled();
  });

  it('keeps it in plain text only when allowPlaintext is set, and will not read it back otherwise', async () => {
    const safeStorage = fakeSafeStorage({ available: false });
    const store = new CredentialStore({ dir, safeStorage, platform: 'linux', allowPlaintext: true });
    await store.save(ENROLMENT);
    await expect(store.load()).resolves.toEqual(ENROLMENT);
    await expect(new CredentialStore({ dir, safeStorage, platform: 'linux' }).load()).rejects.toThrow(/not encrypted/);
  });
});

describe('clear', () => {
  it('removes the enrolment, and says whether there was one', async () => {
    const store = new CredentialStore({ dir, safeStorage: fakeSafeStorage(), platform: 'darwin' });
    await store.save(ENROLMENT);
    await expect(store.clear()).resolves.toBe(true);
    await expect(store.load()).resolves.toBeNull();
    await expect(store.clear()).resolves.toBe(false);
  });
});
