import { describe, expect, it } from 'vitest';

import { compareVersions, isNewerVersion } from './versions';

describe('agent versions', () => {
  it('orders numerically, not as text', () => {
    expect(isNewerVersion('0.10.0', '0.9.0')).toBe(true);
    expect(isNewerVersion('0.9.0', '0.10.0')).toBe(false);
    expect(isNewerVersion('1.0.0', '1.0.0')).toBe(false);
    expect(isNewerVersion('2.0.0', '1.99.99')).toBe(true);
  });

  it('puts a pre-release before its release, and orders pre-releases', () => {
    expect(isNewerVersion('1.0.0', '1.0.0-rc.1')).toBe(true);
    expect(isNewerVersion('1.0.0-rc.1', '1.0.0')).toBe(false);
    expect(isNewerVersion('1.0.0-rc.10', '1.0.0-rc.9')).toBe(true);
    expect(isNewerVersion('1.0.0-rc.1', '1.0.0-beta')).toBe(true);
    expect(compareVersions('1.0.0+build.7', '1.0.0')).toBe(0);
  });

  it('never calls something that is not a version newer', () => {
    expect(isNewerVersion('latest', '0.1.0')).toBe(false);
    expect(isNewerVersion('1.0', '0.1.0')).toBe(false);
    expect(isNewerVersion('99999999999999999999.0.0', '0.1.0')).toBe(false);
    expect(compareVersions('0.1.0', '../0.2.0')).toBeNull();
  });
});
