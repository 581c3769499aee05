import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { releaseStatement, verifyReleaseSignature, type ReleaseStatementFields } from './release-signature';

function keyPair() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' });
  return { privateKey, publicKey: Buffer.from(jwk.x ?? '', 'base64url').toString('base64') };
}

const build: ReleaseStatementFields = {
  platform: 'linux',
  arch: 'x64',
  format: 'exe',
  version: '1.4.0',
  sha256: 'a'.repeat(64),
};

describe('release signatures', () => {
  const key = keyPair();
  const signature = sign(null, Buffer.from(releaseStatement(build)), key.privateKey).toString('base64');

  it('states the build on separate lines, with no newline at the end', () => {
    expect(releaseStatement(build)).toBe(`loadout-agent-release\nlinux\nx64\nexe\n1.4.0\n${'a'.repeat(64)}`);
  });

  it('accepts the signature of exactly this build by this key', () => {
    expect(verifyReleaseSignature({ ...build, publicKey: key.publicKey, signature })).toBe(true);
  });

  it('refuses it for another platform, architecture, format, version or file', () => {
    const valid = { ...build, publicKey: key.publicKey, signature };
    expect(verifyReleaseSignature({ ...valid, platform: 'windows' })).toBe(false);
    expect(verifyReleaseSignature({ ...valid, arch: 'arm64' })).toBe(false);
    expect(verifyReleaseSignature({ ...valid, format: 'deb' })).toBe(false);
    expect(verifyReleaseSignature({ ...valid, version: '1.3.9' })).toBe(false);
    expect(verifyReleaseSignature({ ...valid, sha256: `${'a'.repeat(63)}b` })).toBe(false);
  });

  it('refuses another key', () => {
    expect(verifyReleaseSignature({ ...build, publicKey: keyPair().publicKey, signature })).toBe(false);
  });

  it('answers false, never throws, for damaged keys and signatures', () => {
    const bad = ['', 'not base64!', 'AAAA', `${key.publicKey}AAAA`, key.publicKey.slice(1), '====', 'A'.repeat(43) + '%'];
    for (const value of bad) {
      expect(verifyReleaseSignature({ ...build, publicKey: value, signature }), `key ${value}`).toBe(false);
      expect(verifyReleaseSignature({ ...build, publicKey: key.publicKey, signature: value }), `signature ${value}`).toBe(false);
    }
    const flipped = Buffer.from(signature, 'base64');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(verifyReleaseSignature({ ...build, publicKey: key.publicKey, signature: flipped.toString('base64') })).toBe(false);
    // A value that is not a string at all (JSON from a server can be anything).
    expect(verifyReleaseSignature({ ...build, publicKey: key.publicKey, signature: 7 as unknown as string })).toBe(false);
  });
});
