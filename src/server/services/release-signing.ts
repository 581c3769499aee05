import { createPublicKey, sign, type KeyObject } from 'node:crypto';

import { releaseStatement, type ReleaseStatementFields } from '@shared/agent/release-signature';

/**
 * Signs the statements of the agent builds this server serves with its release key. Only the
 * public half and signatures leave this object; the private key is never exported again.
 */
export class ReleaseSigning {
  /** Raw 32 bytes, base64: what agents pin at enrolment and the releases list shows. */
  readonly publicKey: string;

  constructor(private readonly privateKey: KeyObject) {
    const { x } = createPublicKey(privateKey).export({ format: 'jwk' });
    if (!x) throw new Error('The release key has no Ed25519 public half');
    this.publicKey = Buffer.from(x, 'base64url').toString('base64');
  }

  /** Base64 Ed25519 signature of the build's statement (deterministic: the same build, the same signature). */
  sign(fields: ReleaseStatementFields): string {
    return sign(null, Buffer.from(releaseStatement(fields), 'utf8'), this.privateKey).toString('base64');
  }
}
