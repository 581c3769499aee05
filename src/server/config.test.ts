import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { ConfigError, loadConfig } from './config';

// Every folder these tests make is inside one, removed at the end.
const root = mkdtempSync(join(tmpdir(), 'loadout-config-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const tempDir = (prefix: string) => mkdtempSync(join(root, prefix));
const tempDb = () => `sqlite:${join(tempDir('db-'), 'x.db')}`;

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({ DATABASE_URL: tempDb() });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.smtpUrl).toBeNull();
    expect(config.google.clientId).toBeNull();
  });

  it('keeps mails without SMTP in the data folder, beside the secret, unless MAIL_DIR says otherwise', () => {
    const url = tempDb();
    const folder = join(url.slice('sqlite:'.length), '..');
    expect(loadConfig({ DATABASE_URL: url }).mailDir).toBe(join(folder, 'mail'));
    expect(statSync(join(folder, 'secret')).isFile()).toBe(true);
    const dataDir = tempDir('data-');
    expect(loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir }).mailDir).toBe(join(dataDir, 'mail'));
    const own = tempDir('mail-');
    expect(loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir, MAIL_DIR: own }).mailDir).toBe(own);
  });

  it('stops on a bad DATABASE_URL with one readable line', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://localhost/x' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://localhost/x' })).toThrow(
      'Invalid configuration: DATABASE_URL must be sqlite:PATH or postgres://user@host:port/database',
    );
  });

  it('names every bad variable', () => {
    try {
      loadConfig({ PORT: 'eighty', SMTP_URL: 'http://mail', JWT_SECRET: 'short' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('SMTP_URL must be smtp://… or smtps://…');
      expect(message).toContain('JWT_SECRET must be at least 32 characters');
      expect(message.split('\n')).toHaveLength(1);
    }
  });

  it('generates the release key once and keeps it (0600) beside the JWT secret, or takes RELEASE_SIGNING_KEY', () => {
    const url = tempDb();
    const publicOf = (key: KeyObject) => createPublicKey(key).export({ format: 'jwk' }).x;
    const first = loadConfig({ DATABASE_URL: url }).releaseSigningKey;
    expect(first.asymmetricKeyType).toBe('ed25519');
    expect(publicOf(loadConfig({ DATABASE_URL: url }).releaseSigningKey)).toBe(publicOf(first));
    const file = join(url.slice('sqlite:'.length), '..', 'release-signing-key.pem');
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const own = generateKeyPairSync('ed25519').privateKey;
    const pem = own.export({ type: 'pkcs8', format: 'pem' }).toString();
    const der = own.export({ type: 'pkcs8', format: 'der' }).toString('base64');
    expect(publicOf(loadConfig({ DATABASE_URL: url, RELEASE_SIGNING_KEY: pem }).releaseSigningKey)).toBe(publicOf(own));
    expect(publicOf(loadConfig({ DATABASE_URL: url, RELEASE_SIGNING_KEY: der }).releaseSigningKey)).toBe(publicOf(own));
  });

  it('stops on a release key that is not Ed25519, without quoting it; a damaged key file is not replaced', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    for (const bad of ['not a key at all', rsa]) {
      expect(() => loadConfig({ DATABASE_URL: tempDb(), RELEASE_SIGNING_KEY: bad })).toThrow(ConfigError);
      try {
        loadConfig({ DATABASE_URL: tempDb(), RELEASE_SIGNING_KEY: bad });
      } catch (error) {
        expect((error as Error).message).toContain('RELEASE_SIGNING_KEY must be an Ed25519 private key');
        expect((error as Error).message).not.toContain(bad.slice(0, 40));
      }
    }
    const url = tempDb();
    const file = join(url.slice('sqlite:'.length), '..', 'release-signing-key.pem');
    writeFileSync(file, 'half a key');
    expect(() => loadConfig({ DATABASE_URL: url })).toThrow('release-signing-key.pem');
    expect(readFileSync(file, 'utf8')).toBe('half a key');
  });

  it('generates a JWT secret once and keeps it beside the SQLite file', () => {
    const url = tempDb();
    const first = loadConfig({ DATABASE_URL: url }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATABASE_URL: url }).jwtSecret).toBe(first);
    const file = join(url.slice('sqlite:'.length), '..', 'secret');
    expect(readFileSync(file, 'utf8')).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('trusts no proxy unless TRUST_PROXY names them (addresses, ranges or a hop count)', () => {
    expect(loadConfig({ DATABASE_URL: tempDb() }).trustProxy).toBe(false);
    expect(loadConfig({ DATABASE_URL: tempDb(), TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(loadConfig({ DATABASE_URL: tempDb(), TRUST_PROXY: '2' }).trustProxy).toBe(2);
    for (const bad of ['true', 'proxy.example', '10.0.0.0/33', '1.2.3.4/8/9']) {
      expect(() => loadConfig({ DATABASE_URL: tempDb(), TRUST_PROXY: bad }), bad).toThrow(
        'Invalid configuration: TRUST_PROXY must be a number of hops or comma-separated proxy addresses (e.g. 127.0.0.1,10.0.0.0/8)',
      );
    }
  });

  it('reads admin e-mails case-insensitively and PUBLIC_URL without a trailing slash', () => {
    const config = loadConfig({
      DATABASE_URL: tempDb(),
      ADMIN_EMAILS: ' Ada@Example.com, ,bob@x.io',
      PUBLIC_URL: 'https://loadout.example/',
    });
    expect(config.adminEmails).toEqual(['ada@example.com', 'bob@x.io']);
    expect(config.publicUrl).toBe('https://loadout.example');
  });
});
