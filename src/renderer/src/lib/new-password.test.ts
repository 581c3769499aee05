import { PASSWORD_MESSAGES } from '@shared/api/common';
import { describe, expect, it } from 'vitest';
import { newPasswordProblem } from './new-password';

const ada = { email: 'ada.lovelace@example.com', firstName: 'Ada', lastName: 'Lovelace' };

describe('newPasswordProblem', () => {
  it('holds the length limits at both ends, in the server’s words', () => {
    expect(newPasswordProblem('seven77')).toBe('Password must be at least 8 characters');
    expect(newPasswordProblem('x'.repeat(129))).toBe('Password must be at most 128 characters');
    expect(newPasswordProblem('x'.repeat(128))).toBeNull();
    expect(newPasswordProblem('eight888')).toBeNull();
  });

  it('refuses the owner’s name or address, in any case', () => {
    expect(newPasswordProblem('my LOVELACE horse', ada)).toBe(PASSWORD_MESSAGES.personal);
    expect(newPasswordProblem('ada.lovelace rules', ada)).toBe(PASSWORD_MESSAGES.personal);
    expect(newPasswordProblem('correct horse battery', ada)).toBeNull();
  });

  it('cannot judge personal words without an owner', () => {
    expect(newPasswordProblem('my lovelace horse')).toBeNull();
  });
});
