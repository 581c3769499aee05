import { describe, expect, it } from 'vitest';

import { readReleaseHashes } from './debian-release';

const RELEASE = [
  '-----BEGIN PGP SIGNED MESSAGE-----',
  'Hash: SHA512',
  '',
  'Origin: Debian',
  'Suite: stable',
  'MD5Sum:',
  ' 4840e4a7cfd54454ff38eabec58a70dd 13335627 main/binary-amd64/Packages.gz',
  'SHA256:',
  ' 2efd6103f013081f8118f4c9f228739bc97bff2e4e1de496f80458c7e72a24ac 56634892 main/binary-amd64/Packages',
  ' 4967137e99422deb3b08e4eab8d6e756abfc826ef2c3744f50c1ab8ed053bf7e 13335627 main/binary-amd64/Packages.gz',
  ' b40fc7d6f3590453006447331cb8a11c81ef2b794f89bf98d80bb7e4f78964ed 23550748 main/dep11/Components-amd64.yml',
  '-----BEGIN PGP SIGNATURE-----',
  ' not a hash line',
  '-----END PGP SIGNATURE-----',
].join('\n');

describe("a Debian release file's hashes", () => {
  it('reads the SHA-256 and size of each index file, and nothing from the other sections', () => {
    const hashes = readReleaseHashes(RELEASE);
    expect(hashes.get('main/binary-amd64/Packages.gz')).toEqual({
      sha256: '4967137e99422deb3b08e4eab8d6e756abfc826ef2c3744f50c1ab8ed053bf7e',
      size: 13335627,
    });
    expect(hashes.size).toBe(3);
  });

  it('skips a line too long or of another shape', () => {
    const hostile = `SHA256:\n ${'a'.repeat(100_000)} 1 x\n zz 1 y\n`;
    expect(readReleaseHashes(hostile).size).toBe(0);
  });
});
