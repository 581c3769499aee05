import { PASSWORD_MIN_LENGTH } from '@shared/api/common';

export interface SignUpValues {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  careerField: string;
  dateOfBirth: string;
  agreeToTerms: boolean;
  receiveEmails: boolean;
}

export const emptySignUpValues: SignUpValues = {
  email: '',
  password: '',
  firstName: '',
  lastName: '',
  careerField: '',
  dateOfBirth: '',
  agreeToTerms: false,
  receiveEmails: false,
};

/** The first problem with the form, in SPEC §5's words and order; null when it can be sent. */
export function validateSignUp(values: SignUpValues): string | null {
  if (!values.email.trim() || !values.password) return 'Email and password are required';
  if (!values.firstName.trim() || !values.lastName.trim()) return 'First and last name are required';
  if (!values.dateOfBirth) return 'Date of birth is required';
  if (!values.agreeToTerms) return 'You must agree to the terms';
  // The server says the same; checking here saves a round trip.
  if (values.password.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  return null;
}
