import { join } from 'node:path';
import { z } from 'zod';

import { agentConfigSchema, readPrivateJson, removeFile, writePrivateJson, type AgentConfig } from '../agent/config-store';

/**
 * The desktop client's enrolment (`{server, deviceId, deviceName, credential}`, the agent's own
 * shape) in a JSON file under the app's userData folder, the credential sealed by the OS
 * keychain through Electron's `safeStorage`.
 */

export const CREDENTIAL_FILE = 'enrolment.json';

/** The part of Electron's `safeStorage` this needs; Electron's object satisfies it. */
export interface SecretSealer {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: which keyring backs the encryption. */
  getSelectedStorageBackend?(): string;
}

export interface CredentialStoreOptions {
  /** `app.getPath('userData')`. */
  dir: string;
  safeStorage: SecretSealer;
  platform?: NodeJS.Platform;
  /**
   * Keep the credential in plain text where the OS offers no keyring (a Linux desktop without
   * gnome-keyring or KWallet). Off by default: the file would then be as good as the credential
   * to anyone who can read the user's files or backups, so only the person, told so, may choose it.
   */
  allowPlaintext?: boolean;
}

const NO_KEYCHAIN =
  'This computer offers no keychain to keep the device credential encrypted (on Linux: install and unlock gnome-keyring or KWallet)';

export class CredentialStoreError extends Error {
  override readonly name = 'CredentialStoreError';
}

const storedSchema = z.strictObject({
  version: z.literal(1),
  server: agentConfigSchema.shape.server,
  deviceId: agentConfigSchema.shape.deviceId,
  deviceName: agentConfigSchema.shape.deviceName,
  releasePublicKey: agentConfigSchema.shape.releasePublicKey,
  credential: z.discriminatedUnion('sealing', [
    z.strictObject({ sealing: z.literal('safeStorage'), value: z.base64().min(1) }),
    z.strictObject({ sealing: z.literal('none'), value: z.string().min(1) }),
  ]),
});
type Stored = z.infer<typeof storedSchema>;

export class CredentialStore {
  readonly file: string;
  private readonly platform: NodeJS.Platform;

  constructor(private readonly options: CredentialStoreOptions) {
    this.file = join(options.dir, CREDENTIAL_FILE);
    this.platform = options.platform ?? process.platform;
  }

  /**
   * Whether the OS really encrypts. On Linux without a keyring Electron falls back to
   * 'basic_text', a key built into Chromium: available in name, plain text in effect.
   */
  canEncrypt(): boolean {
    const { safeStorage } = this.options;
    if (!safeStorage.isEncryptionAvailable()) return false;
    return this.platform !== 'linux' || safeStorage.getSelectedStorageBackend?.() !== 'basic_text';
  }

  /** Throws the reason when save() would refuse: checked before a registration code is spent. */
  checkCanSave(): void {
    if (!this.canEncrypt() && !this.options.allowPlaintext) throw new CredentialStoreError(NO_KEYCHAIN);
  }

  /** Written to a temporary file and renamed, so a crash never leaves half a credential. */
  async save(config: AgentConfig): Promise<void> {
    const { credential, ...rest } = agentConfigSchema.parse(config);
    const stored: Stored = { version: 1, ...rest, credential: this.seal(credential) };
    await writePrivateJson(this.options.dir, CREDENTIAL_FILE, stored);
  }

  /** The enrolment, null when there is none; throws when the file is damaged or cannot be unsealed. */
  async load(): Promise<AgentConfig | null> {
    const stored = await readPrivateJson(
      this.file,
      storedSchema,
      (message) => new CredentialStoreError(message),
      'enrol this computer again',
    );
    if (stored === null) return null;
    const { version: _version, credential, ...rest } = stored;
    return { ...rest, credential: this.unseal(credential) };
  }

  /** Forgets the enrolment (unenrol, deactivation). True when there was one. */
  clear(): Promise<boolean> {
    return removeFile(this.file);
  }

  private seal(credential: string): Stored['credential'] {
    if (this.canEncrypt()) {
      return { sealing: 'safeStorage', value: this.options.safeStorage.encryptString(credential).toString('base64') };
    }
    if (this.options.allowPlaintext) return { sealing: 'none', value: credential };
    throw new CredentialStoreError(NO_KEYCHAIN);
  }

  private unseal(credential: Stored['credential']): string {
    if (credential.sealing === 'none') {
      if (!this.options.allowPlaintext) throw new CredentialStoreError('The stored credential is not encrypted: enrol this computer again');
      return credential.value;
    }
    if (!this.options.safeStorage.isEncryptionAvailable()) {
      throw new CredentialStoreError('The keychain that encrypted the device credential is not available');
    }
    try {
      return this.options.safeStorage.decryptString(Buffer.from(credential.value, 'base64'));
    } catch {
      throw new CredentialStoreError('The device credential cannot be decrypted (another user or keychain?): enrol this computer again');
    }
  }
}
