import { describe, expect, it } from 'vitest';

import { TOKEN_TTL } from '@shared/constants';

import { TestClock } from '../../../tests/fixtures/test-clock';
import { AccessTokens } from './jwt';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';

describe('access tokens', () => {
  it('answers a token verified before as jose did, and as expired from the second its time is up', async () => {
    const clock = new TestClock();
    const tokens = new AccessTokens(SECRET, clock);
    const token = await tokens.sign({ sub: 'user-1', sid: 'session-1' });
    expect(await tokens.verify(token)).toMatchObject({ ok: true, claims: { sub: 'user-1', sid: 'session-1' } });
    // Remembered now: the answer still follows the clock.
    // The test clock starts on a whole second, so the token's exp is exactly TTL seconds ahead.
    clock.advance(TOKEN_TTL.accessTokenSeconds * 1000 - 1);
    expect((await tokens.verify(token)).ok).toBe(true);
    clock.advance(1);
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
    // A fresh verifier (jose alone) draws the line at the same second.
    expect(await new AccessTokens(SECRET, clock).verify(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('never remembers a token that failed, nor trusts one signed with another secret', async () => {
    const clock = new TestClock();
    const tokens = new AccessTokens(SECRET, clock);
    const forged = await new AccessTokens('another-secret-that-is-long-enough-too', clock).sign({ sub: 'user-1', sid: 'session-1' });
    expect(await tokens.verify(forged)).toEqual({ ok: false, reason: 'invalid' });
    expect(await tokens.verify(forged)).toEqual({ ok: false, reason: 'invalid' });
    const token = await tokens.sign({ sub: 'user-1', sid: 'session-1' });
    const [head, body] = token.split('.');
    expect(await tokens.verify(`${head}.${body}.${'A'.repeat(43)}`)).toEqual({ ok: false, reason: 'invalid' });
  });
});
