import { describe, expect, it } from 'vitest';

import { PASSWORD_MESSAGES } from '@shared/api/common';

import { assertAcceptablePassword } from './password-policy';

const ada = { email: 'ada.lovelace@example.com', firstName: 'Ada', lastName: 'Lovelace' };

async function refusal(password: string): Promise<unknown> {
  try {
    await assertAcceptablePassword(password, ada, 'password');
    return null;
  } catch (error) {
    return error;
  }
}

describe('new password policy', () => {
  it.each(['password', '12345678', 'Password123', '        ', 'qwertyuiop', 'iloveyou2', 'aaaaaaaaaaaaaaaa', 'loadout123'])(
    'refuses the common or easy %j',
    async (password) => {
      expect(await refusal(password)).toMatchObject({
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: PASSWORD_MESSAGES.weak,
        details: { password: PASSWORD_MESSAGES.weak },
      });
    },
  );

  it.each(['ada.lovelace@example.com', 'ADA.LOVELACE@example.com!', 'my-ada.lovelace-pw', 'lovelace-rules-1815', 'Ada is great 42'])(
    'refuses %j, which contains the e-mail or a name',
    async (password) => {
      expect(await refusal(password)).toMatchObject({
        message: PASSWORD_MESSAGES.personal,
        details: { password: PASSWORD_MESSAGES.personal },
      });
    },
  );

  it.each(['correct horse battery', 'Tr0ub4dor&3', 'brand new secret', 'N3w-Secr3t-Pass', 'x'.repeat(3) + 'vq9#Lm2!pZ'])(
    'accepts %j',
    async (password) => {
      expect(await refusal(password)).toBeNull();
    },
  );

  it('names the field the form shows the message on', async () => {
    await expect(assertAcceptablePassword('password', ada, 'newPassword')).rejects.toMatchObject({
      details: { newPassword: PASSWORD_MESSAGES.weak },
    });
  });
});
