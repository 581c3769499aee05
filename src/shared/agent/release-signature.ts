import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/**
 * Signatures of the agent builds a server serves. Node only (node:crypto): the server and the
 * agent import this file, the web app must not.
 */

/** What names a build: the signature covers all of it, so a build cannot pass for another. */
export interface ReleaseStatementFields {
  platform: string;
  arch: string;
  format: string;
  version: string;
  /** The SHA-256 of the file's bytes, 64 lower-case hex digits. */
  sha256: string;
}

const STATEMENT_TAG = 'loadout-agent-release';

/**
 * The text signed for a build. A signature over the bytes alone would let a Linux build be
 * offered as the Windows one, or an old version as the new one; over this statement it cannot.
 */
export function releaseStatement(fields: ReleaseStatementFields): string {
  return [STATEMENT_TAG, fields.platform, fields.arch, fields.format, fields.version, fields.sha256].join('\n');
}

/** An Ed25519 public key as the releases list and the enrolment answer carry it: raw 32 bytes, base64. */
export function releasePublicKeyObject(publicKey: string): KeyObject | null {
  const raw = strictBase64(publicKey);
  if (raw?.length !== 32) return null;
  try {
    return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
  } catch {
    return null;
  }
}

/** True only when `signature` is the key's Ed25519 signature of this build's statement; never throws. */
export function verifyReleaseSignature(input: ReleaseStatementFields & { publicKey: string; signature: string }): boolean {
  const key = releasePublicKeyObject(input.publicKey);
  const signature = strictBase64(input.signature);
  if (!key || signature?.length !== 64) return false;
  try {
    return verify(null, Buffer.from(releaseStatement(input), 'utf8'), key, signature);
  } catch {
    return false;
  }
}

/** Buffer.from(…, 'base64') skips what it cannot read; a damaged value must not half-decode. */
function strictBase64(text: string): Buffer | null {
  if (typeof text !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return null;
  return Buffer.from(text, 'base64');
}
