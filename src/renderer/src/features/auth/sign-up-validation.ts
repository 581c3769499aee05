import { newPasswordProblem } from '../../lib/new-password';

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

/** A problem with the form: `field` names the input it belongs under, else it heads the form. */
export interface SignUpProblem {
  message: string;
  field?: 'password';
}

/** The first problem with the form, in SPEC §5's words and order; null when it can be sent. */
export function validateSignUp(values: SignUpValues): SignUpProblem | null {
  if (!values.email.trim() || !values.password) return { message: 'Email and password are required' };
  if (!values.firstName.trim() || !values.lastName.trim()) return { message: 'First and last name are required' };
  if (!values.dateOfBirth) return { message: 'Date of birth is required' };
  if (!values.agreeToTerms) return { message: 'You must agree to the terms' };
  // The server says the same (and also refuses common passwords); checking here saves a round trip.
  const password = newPasswordProblem(values.password, { email: values.email, firstName: values.firstName, lastName: values.lastName });
  return password ? { message: password, field: 'password' } : null;
}
