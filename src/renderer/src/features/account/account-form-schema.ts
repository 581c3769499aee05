import { z } from 'zod';

import { EMAIL_CHANGE_PASSWORD_MESSAGE, updateAccountRequestSchema } from '@shared/api/account';
import { PASSWORD_MESSAGES, passwordContainsPersonalInfo } from '@shared/api/common';

/** An empty password field is one the user left alone: the request leaves it out. */
const leftBlank = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema);

/**
 * The account update's rules, in the product's words, for the account with this address: the request's rules, the form's
 * confirmation, and which change needs the current password. What it parses is the request.
 */
export function accountFormSchema(accountEmail: string) {
  const { shape } = updateAccountRequestSchema;
  return z
    .object({
      ...shape,
      currentPassword: leftBlank(shape.currentPassword),
      newPassword: leftBlank(shape.newPassword),
      confirmPassword: z.string(),
    })
    .superRefine(({ email, currentPassword, newPassword, confirmPassword, firstName, lastName }, ctx) => {
      const problem = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
      // Addresses are one account whatever their case or spaces (the schema lower-cases too).
      const emailChange = email !== '' && email !== accountEmail.trim().toLowerCase();
      // The current password alone is no password change when the e-mail changes: that needs it too.
      if (!newPassword && !confirmPassword && (!currentPassword || emailChange)) {
        if (emailChange && !currentPassword) problem('currentPassword', EMAIL_CHANGE_PASSWORD_MESSAGE);
        return;
      }
      if ((newPassword ?? '') !== confirmPassword) problem('confirmPassword', 'New passwords do not match');
      if (!currentPassword) problem('currentPassword', 'Current password is required to change password');
      if (!newPassword) problem('newPassword', 'Enter a new password');
      // The server judges the new password against the address the account has now.
      else if (passwordContainsPersonalInfo(newPassword, { email: accountEmail, firstName, lastName })) {
        problem('newPassword', PASSWORD_MESSAGES.personal);
      }
    });
}
export type AccountFormOutput = z.output<ReturnType<typeof accountFormSchema>>;
