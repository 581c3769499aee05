import { z } from 'zod';
import { emailSchema, nameSchema, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './common';

/** GET /api/account (SPEC §7). */
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
 * PUT /api/account. A new e-mail re-requires verification; a new password needs the
 * current one (SPEC §5 "Account update").
 */
export const updateAccountRequestSchema = z
  .object({
    firstName: nameSchema.min(1, 'First name is required'),
    lastName: nameSchema.default(''),
    email: emailSchema,
    currentPassword: z.string().max(1024).optional(),
    newPassword: z
      .string()
      .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
      .optional(),
  })
  .refine((body) => !body.newPassword || (body.currentPassword?.length ?? 0) > 0, {
    message: 'Current password is required to change password',
    path: ['currentPassword'],
  });
export type UpdateAccountRequest = z.input<typeof updateAccountRequestSchema>;
export const updateAccountResponseSchema = z.object({
  success: z.literal(true),
  emailChanged: z.boolean(),
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

/** GET /api/account/debug: a small health record for the signed-in user (DESIGN §5). */
export const accountDebugResponseSchema = z.object({
  ok: z.literal(true),
  userId: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  serverTime: z.string(),
});

/** GET /api/debug/routes (admins only, DESIGN §5): every API route as "METHOD /path". */
export const debugRoutesResponseSchema = z.object({ routes: z.array(z.string()) });
export type DebugRoutesResponse = z.infer<typeof debugRoutesResponseSchema>;
