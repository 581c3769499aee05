import { hash, verify } from '@node-rs/argon2';

// Argon2id, at least 19 MiB of memory and 2 iterations: OWASP's minimum (docs/security.md).
// Algorithm.Argon2id is an ambient const enum (2), which isolated modules cannot read.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    // Spend the same time as a real check so that accounts without a password do not stand out.
    await hash(password, OPTIONS);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so timing does not tell. */
let dummyHash: Promise<string> | null = null;
export function getDummyHash(): Promise<string> {
  dummyHash ??= hash('not-a-real-password', OPTIONS);
  return dummyHash;
}
