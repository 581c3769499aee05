import { z } from 'zod';

import { emailSchema, LAST_NAME_REQUIRED_MESSAGE, nameSchema, newPasswordSchema, singleLineText } from './common';
import { userSchema } from './user';

/** POST /api/auth/register: the sign-up form's fields, with the product's messages. */
export const registerRequestSchema = z.object({
  firstName: nameSchema.min(1, LAST_NAME_REQUIRED_MESSAGE),
  lastName: nameSchema.min(1, LAST_NAME_REQUIRED_MESSAGE),
  email: emailSchema,
  password: newPasswordSchema,
  careerField: singleLineText('Career field', 100).optional().nullable(),
  dateOfBirth: z.iso.date('Date of birth is required'),
  agreeToTerms: z.literal(true, { error: 'You must agree to the terms' }),
  receiveEmails: z.boolean().optional().default(false),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** What register, login and third-party login answer with: a signed-in session. */
export const sessionResponseSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  user: userSchema,
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/**
 * What sign-up answers, 202, whether or not the address already has an account: the same
 * words, the same shape, no session (so the answer does not tell who is registered). A new
 * account can sign in at once with its password; the owner of an existing one gets a mail
 * saying someone tried to sign up with their address.
 */
export const registerResponseSchema = z.object({
  requiresVerification: z.literal(true),
  email: z.string(),
  message: z.string(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;
export const REGISTER_ACCEPTED_MESSAGE = 'Check your inbox: we sent a link to confirm your email address.';

/** POST /api/auth/login */
export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Email and password are required' }).min(1, 'Email and password are required').max(1024),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;
export const loginResponseSchema = sessionResponseSchema;

/** POST /api/auth/refresh: rotates the refresh token. */
export const refreshRequestSchema = z.object({ refreshToken: z.string().min(1).max(512) });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;
export const refreshResponseSchema = z.object({ token: z.string(), refreshToken: z.string() });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

/** GET /api/auth/verify: is this access token still good. */
export const verifyResponseSchema = z.object({ valid: z.literal(true), user: userSchema });
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

/** POST /api/auth/reset-password-request: always answers success (no account probing). */
export const resetPasswordRequestSchema = z.object({ email: emailSchema });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** POST /api/auth/reset-password: completes the mailed link. */
export const resetPasswordSchema = z.object({ token: z.string().min(1).max(512), newPassword: newPasswordSchema });
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

/** POST /api/auth/verify-email: the mailed verification link. */
export const verifyEmailSchema = z.object({ token: z.string().min(1).max(512) });
export type VerifyEmail = z.infer<typeof verifyEmailSchema>;
/** alreadyVerified: the link was used before and the address it verified still is (opened again). */
export const verifyEmailResponseSchema = z.object({ success: z.literal(true), email: z.string(), alreadyVerified: z.boolean() });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/**
 * POST /api/auth/undo-email-change: the link mailed to the old address after an e-mail change.
 * It puts the old address back (verified: the link proved it), signs out every session and
 * spends every reset link, so whoever changed it is out.
 */
export const undoEmailChangeRequestSchema = z.object({ token: z.string().min(1).max(512) });
export type UndoEmailChangeRequest = z.infer<typeof undoEmailChangeRequestSchema>;
export const undoEmailChangeResponseSchema = z.object({ success: z.literal(true), email: z.string() });
export type UndoEmailChangeResponse = z.infer<typeof undoEmailChangeResponseSchema>;

/** GET /api/auth/email-status */
export const emailStatusResponseSchema = z.object({ email: z.string(), isEmailVerified: z.boolean() });
export type EmailStatusResponse = z.infer<typeof emailStatusResponseSchema>;

/** POST /api/auth/google-login: the path names the identity provider. */
export const googleLoginRequestSchema = z.object({
  id_token: z.string().min(1).max(8192),
  /** The nonce the web app gave the provider; must equal the token's nonce claim. */
  nonce: z.string().max(256).optional(),
  deviceId: z.string().max(64).optional(),
  deviceName: singleLineText('Device name', 255).optional(),
  platform: singleLineText('Platform', 64).optional(),
});
export type GoogleLoginRequest = z.infer<typeof googleLoginRequestSchema>;
/**
 * Either a session, or (the provider has not verified the address) requiresVerification with
 * the address a verification mail went to and no tokens.
 */
export const googleLoginResponseSchema = z.union([
  sessionResponseSchema.extend({ requiresVerification: z.literal(false), tempPassword: z.null() }),
  z.object({ requiresVerification: z.literal(true), email: z.string(), tempPassword: z.null() }),
]);
export type GoogleLoginResponse = z.infer<typeof googleLoginResponseSchema>;

/** GET /api/config: what the web app needs to know about this server before sign-in. */
export const publicConfigSchema = z.object({
  googleClientId: z.string().nullable(),
  stripePublishableKey: z.string().nullable(),
  version: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
