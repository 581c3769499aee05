import { describe, expect, it } from 'vitest';

import { UnsubscribeTokens } from './unsubscribe-tokens';

const USER = '0b7c3a52-4a4e-4f3e-9d6a-1f2e3d4c5b6a';

describe('one-click unsubscribe tokens', () => {
  const tokens = new UnsubscribeTokens('a-server-secret-that-is-long-enough-123');

  it('stands for its user and kind, and nothing else', () => {
    const token = tokens.issue(USER, 'updateDigest');
    expect(token.startsWith(`${USER}.updateDigest.`)).toBe(true);
    expect(tokens.verify(token)).toEqual({ userId: USER, kind: 'updateDigest' });
    const mac = token.split('.')[2];
    expect(tokens.verify(`${USER}.failureMails.${mac}`)).toBeNull();
    expect(tokens.verify(`${USER.replace('0b7c', '0b7d')}.updateDigest.${mac}`)).toBeNull();
  });

  it('refuses tokens of another server, altered ones and malformed ones', () => {
    const token = tokens.issue(USER, 'failureMails');
    expect(new UnsubscribeTokens('another-server-secret-that-is-long-enough').verify(token)).toBeNull();
    const [user, kind, mac = ''] = token.split('.');
    const flipped = `${user}.${kind}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    // Only the low, unused bits of base64url's last character differ: the same bytes, another text.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const variant = `${user}.${kind}.${mac.slice(0, 42)}${alphabet.charAt(alphabet.indexOf(mac.charAt(42)) + 1)}`;
    expect(Buffer.from(variant.split('.')[2] ?? '', 'base64url')).toEqual(Buffer.from(mac, 'base64url'));
    for (const bad of [
      flipped,
      variant,
      `${token}.x`,
      `${token}A`,
      token.slice(0, -1),
      '',
      '..',
      `${USER}.inApp.${token.split('.')[2]}`,
      'a.b.c',
    ]) {
      expect(tokens.verify(bad), bad).toBeNull();
    }
  });
});
