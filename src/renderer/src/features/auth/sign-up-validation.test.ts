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
    expect(validateSignUp(emptySignUpValues)).toBe('Email and password are required');
    expect(validateSignUp({ ...complete, password: '' })).toBe('Email and password are required');
    expect(validateSignUp({ ...complete, lastName: '  ' })).toBe('First and last name are required');
    expect(validateSignUp({ ...complete, dateOfBirth: '' })).toBe('Date of birth is required');
    expect(validateSignUp({ ...complete, agreeToTerms: false })).toBe('You must agree to the terms');
  });

  it('accepts a complete form, with the optional fields left empty', () => {
    expect(validateSignUp(complete)).toBeNull();
  });

  it('rejects a password the server would reject', () => {
    expect(validateSignUp({ ...complete, password: 'short' })).toBe('Password must be at least 8 characters');
  });
});
