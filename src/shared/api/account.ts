import { z } from 'zod';

import { emailSchema, LAST_NAME_REQUIRED_MESSAGE, nameSchema, newPasswordSchema, singleLineText } from './common';

/** GET /api/account. */
export const accountResponseSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  isEmailVerified: z.boolean(),
  isAdmin: z.boolean(),
  careerField: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  receiveEmails: z.boolean(),
  createdAt: z.string(),
});
export type AccountResponse = z.infer<typeof accountResponseSchema>;

/**
 * PUT /api/account. A new e-mail or a new password needs the current password (a stolen
 * access token must not be enough to take the account over). A new e-mail takes effect when
 * the link mailed to it is opened; the old address then gets a link to undo the change
 * (the product's wording for each refusal).
 */
export const updateAccountRequestSchema = z
  .object({
    firstName: nameSchema.min(1, 'First name is required'),
    // Sign-up requires the legal last name; an account keeps one (the same words as sign-up).
    lastName: singleLineText('Name', 100, LAST_NAME_REQUIRED_MESSAGE),
    email: emailSchema,
    currentPassword: z.string().max(1024).optional(),
    newPassword: newPasswordSchema.optional(),
  })
  .refine((body) => !body.newPassword || (body.currentPassword?.length ?? 0) > 0, {
    message: 'Current password is required to change password',
    path: ['currentPassword'],
  });
export type UpdateAccountRequest = z.input<typeof updateAccountRequestSchema>;
export const EMAIL_CHANGE_PASSWORD_MESSAGE = 'Current password is required to change email';
export const updateAccountResponseSchema = z.object({
  success: z.literal(true),
  /**
   * A new address is not the account's until it confirms: this is the address a confirmation
   * link went to (null when the e-mail did not change). The answer is the same whether or not
   * that address already has an account.
   */
  pendingEmail: z.string().nullable(),
  passwordChanged: z.boolean(),
  user: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    isEmailVerified: z.boolean(),
    isAdmin: z.boolean(),
  }),
});
export type UpdateAccountResponse = z.infer<typeof updateAccountResponseSchema>;

/** POST /api/account/delete with header X-Account-Action: delete. */
export const deleteAccountRequestSchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;
export const ACCOUNT_ACTION_HEADER = 'x-account-action';

/** GET /api/account/debug: a small health record for the signed-in user; the settings screen's fallback messages follow from it. */
export const accountDebugResponseSchema = z.object({
  ok: z.literal(true),
  userId: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  serverTime: z.string(),
});

/** GET /api/debug/routes (admins only: a route list helps attackers): every API route as "METHOD /path". */
export const debugRoutesResponseSchema = z.object({ routes: z.array(z.string()) });
export type DebugRoutesResponse = z.infer<typeof debugRoutesResponseSchema>;
