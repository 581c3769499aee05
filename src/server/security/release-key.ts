import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';

import { readDataFile, writePrivateDataFile } from '../data-dir';

/** Beside the JWT secret (`secret`) in the data folder. */
export const RELEASE_KEY_FILE = 'release-signing-key.pem';

/**
 * The server's Ed25519 release key: RELEASE_SIGNING_KEY (PKCS#8 PEM, or its DER in base64) when
 * set, else the one generated on first start and kept in the data folder. Agents pin its public
 * half at enrolment, so a lost or replaced key means builds they refuse: a damaged file stops
 * the start instead of being silently replaced. Errors never quote the key.
 */
export function loadReleaseKey(fromEnv: string | undefined, dataDir: string): KeyObject {
  if (fromEnv !== undefined && fromEnv.trim() !== '') {
    return parseReleaseKey(fromEnv.trim(), 'RELEASE_SIGNING_KEY must be an Ed25519 private key (PKCS#8 PEM or base64 DER)');
  }
  const stored = readDataFile(dataDir, RELEASE_KEY_FILE);
  if (stored !== null) {
    return parseReleaseKey(
      stored,
      `${RELEASE_KEY_FILE} in ${dataDir} is not an Ed25519 private key: restore it, or remove it to make a new one (enrolled agents then refuse the builds until enrolled again)`,
    );
  }
  const { privateKey } = generateKeyPairSync('ed25519');
  writePrivateDataFile(dataDir, RELEASE_KEY_FILE, privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  return privateKey;
}

function parseReleaseKey(text: string, problem: string): KeyObject {
  let key: KeyObject;
  try {
    key = text.startsWith('-----BEGIN')
      ? createPrivateKey({ key: text, format: 'pem' })
      : createPrivateKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    throw new Error(problem);
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(problem);
  return key;
}
