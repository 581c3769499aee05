import { PASSWORD_MIN_LENGTH } from '@shared/api/common';

export interface AccountFormValues {
  firstName: string;
  lastName: string;
  email: string;
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type AccountFormErrors = Partial<Record<keyof AccountFormValues, string>>;

/** SPEC §5 "Account update", field by field so each message sits under its input. */
export function validateAccountForm(values: AccountFormValues): AccountFormErrors {
  const errors: AccountFormErrors = {};
  if (!values.firstName.trim()) errors.firstName = 'First name is required';
  if (!values.email.trim()) errors.email = 'Email is required';

  const changingPassword = Boolean(values.currentPassword || values.newPassword || values.confirmPassword);
  if (!changingPassword) return errors;
  if (values.newPassword !== values.confirmPassword) errors.confirmPassword = 'New passwords do not match';
  if (!values.currentPassword) errors.currentPassword = 'Current password is required to change password';
  if (!values.newPassword) errors.newPassword = 'Enter a new password';
  else if (values.newPassword.length < PASSWORD_MIN_LENGTH) {
    errors.newPassword = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  }
  return errors;
}
