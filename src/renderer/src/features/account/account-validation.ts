import { EMAIL_CHANGE_PASSWORD_MESSAGE } from '@shared/api/account';
import { ErrorCode } from '@shared/api/errors';
import { toApiError } from '../../lib/api-errors';
import { newPasswordProblem } from '../../lib/new-password';

export interface AccountFormValues {
  firstName: string;
  lastName: string;
  email: string;
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type AccountFormErrors = Partial<Record<keyof AccountFormValues, string>>;

/** Addresses are one account whatever their case or spaces (the server lower-cases them too). */
export function isEmailChange(values: Pick<AccountFormValues, 'email'>, accountEmail: string): boolean {
  return values.email.trim().toLowerCase() !== accountEmail.trim().toLowerCase();
}

/**
 * Is the user changing their password? The current password alone does not say so when the
 * e-mail changes: that change needs it too.
 */
export function isPasswordChange(values: AccountFormValues, accountEmail: string): boolean {
  return Boolean(values.newPassword || values.confirmPassword || (values.currentPassword && !isEmailChange(values, accountEmail)));
}

/** SPEC §5 "Account update", field by field so each message sits under its input. */
export function validateAccountForm(values: AccountFormValues, account: { email: string }): AccountFormErrors {
  const errors: AccountFormErrors = {};
  if (!values.firstName.trim()) errors.firstName = 'First name is required';
  if (!values.email.trim()) errors.email = 'Email is required';
  const emailChange = values.email.trim() !== '' && isEmailChange(values, account.email);

  if (!isPasswordChange(values, account.email)) {
    if (emailChange && !values.currentPassword) errors.currentPassword = EMAIL_CHANGE_PASSWORD_MESSAGE;
    return errors;
  }
  if (values.newPassword !== values.confirmPassword) errors.confirmPassword = 'New passwords do not match';
  if (!values.currentPassword) errors.currentPassword = 'Current password is required to change password';
  // The server judges the new password against the address the account has now.
  const owner = { email: account.email, firstName: values.firstName.trim(), lastName: values.lastName.trim() };
  if (!values.newPassword) errors.newPassword = 'Enter a new password';
  else {
    const problem = newPasswordProblem(values.newPassword, owner);
    if (problem) errors.newPassword = problem;
  }
  return errors;
}

const FORM_FIELDS = ['firstName', 'lastName', 'email', 'currentPassword', 'newPassword'] as const;

/**
 * A refused save, as messages on the form's fields: the server's 400 details (a weak new
 * password, a missing current password) and a wrong current password (403, no details).
 * Empty when the problem belongs to no field.
 */
export function serverAccountErrors(failure: unknown): AccountFormErrors {
  const apiError = toApiError(failure);
  const errors: AccountFormErrors = {};
  for (const field of FORM_FIELDS) {
    const message = apiError.details?.[field];
    if (message) errors[field] = message;
  }
  if (apiError.code === ErrorCode.INVALID_CURRENT_PASSWORD && !errors.currentPassword) {
    errors.currentPassword = apiError.message ?? 'Current password is incorrect';
  }
  return errors;
}
