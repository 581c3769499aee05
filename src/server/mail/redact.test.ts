import { describe, expect, it } from 'vitest';

import { redactSecrets } from './redact';

describe('redactSecrets', () => {
  it('removes the token of every link and keeps the rest of the mail', () => {
    const text =
      'Open\nhttps://x.test/reset-password?token=abc_DEF-123\nor <a href="https://x.test/verify-email?token=Zz9&next=1">here</a>';
    expect(redactSecrets(text)).toBe(
      'Open\nhttps://x.test/reset-password?token=[removed]\nor <a href="https://x.test/verify-email?token=[removed]&next=1">here</a>',
    );
  });

  it('removes registration codes, and leaves text without secrets alone', () => {
    expect(redactSecrets('https://x.test/devices/enroll?code=s3cr3t')).toBe('https://x.test/devices/enroll?code=[removed]');
    expect(redactSecrets('Hi Ada, your token is in the app.')).toBe('Hi Ada, your token is in the app.');
  });
});
