import { PASSWORD_MESSAGES } from '@shared/api/common';
import { describe, expect, it } from 'vitest';
import { emptySignUpValues, validateSignUp, type SignUpValues } from './sign-up-validation';

const complete: SignUpValues = {
  ...emptySignUpValues,
  email: 'ada@example.com',
  password: 'correct horse battery',
  firstName: 'Ada',
  lastName: 'Lovelace',
  dateOfBirth: '1990-12-10',
  agreeToTerms: true,
};

describe('validateSignUp', () => {
  it('asks for the fields in the order and words of SPEC §5', () => {
    expect(validateSignUp(emptySignUpValues)).toEqual({ message: 'Email and password are required' });
    expect(validateSignUp({ ...complete, password: '' })).toEqual({ message: 'Email and password are required' });
    expect(validateSignUp({ ...complete, lastName: '  ' })).toEqual({ message: 'First and last name are required' });
    expect(validateSignUp({ ...complete, dateOfBirth: '' })).toEqual({ message: 'Date of birth is required' });
    expect(validateSignUp({ ...complete, agreeToTerms: false })).toEqual({ message: 'You must agree to the terms' });
  });

  it('accepts a complete form, with the optional fields left empty', () => {
    expect(validateSignUp(complete)).toBeNull();
  });

  it('puts a password the server would reject on the password field', () => {
    const onPassword = (message: string) => ({ message, field: 'password' });
    expect(validateSignUp({ ...complete, password: 'short' })).toEqual(onPassword('Password must be at least 8 characters'));
    expect(validateSignUp({ ...complete, password: 'x'.repeat(129) })).toEqual(onPassword('Password must be at most 128 characters'));
    expect(validateSignUp({ ...complete, password: 'lovelace forever' })).toEqual(onPassword(PASSWORD_MESSAGES.personal));
    expect(validateSignUp({ ...complete, password: 'my ADA@EXAMPLE.COM' })).toEqual(onPassword(PASSWORD_MESSAGES.personal));
  });
});
