import { z } from 'zod';

/** The one error envelope every failed API call answers with. */
export const errorResponseSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** Field-level problems for validation errors: path → message. */
  details: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/**
 * Every error code the API answers with. SPEC §8 names the device and token codes; the
 * account codes are ours. Clients switch on the code, never on the message.
 */
export const ErrorCode = {
  // generic
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  INVALID_JSON: 'INVALID_JSON',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  NOT_FOUND: 'NOT_FOUND',
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  FORBIDDEN: 'FORBIDDEN',
  // authentication
  AUTHENTICATION_REQUIRED: 'AUTHENTICATION_REQUIRED',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  TOKEN_INVALID: 'TOKEN_INVALID',
  TOKEN_REVOKED: 'TOKEN_REVOKED',
  REFRESH_TOKEN_INVALID: 'REFRESH_TOKEN_INVALID',
  REFRESH_TOKEN_REUSED: 'REFRESH_TOKEN_REUSED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  // account
  EMAIL_IN_USE: 'EMAIL_IN_USE',
  INVALID_CURRENT_PASSWORD: 'INVALID_CURRENT_PASSWORD',
  CURRENT_PASSWORD_REQUIRED: 'CURRENT_PASSWORD_REQUIRED',
  PASSWORD_REQUIRED: 'PASSWORD_REQUIRED',
  INCORRECT_PASSWORD: 'INCORRECT_PASSWORD',
  ACCOUNT_ACTION_REQUIRED: 'ACCOUNT_ACTION_REQUIRED',
  EMAIL_TOKEN_INVALID: 'EMAIL_TOKEN_INVALID',
  EMAIL_TOKEN_EXPIRED: 'EMAIL_TOKEN_EXPIRED',
  EMAIL_ALREADY_VERIFIED: 'EMAIL_ALREADY_VERIFIED',
  // third-party sign-in
  GOOGLE_LOGIN_UNAVAILABLE: 'GOOGLE_LOGIN_UNAVAILABLE',
  GOOGLE_TOKEN_INVALID: 'GOOGLE_TOKEN_INVALID',
  // catalogue and lists
  CATEGORY_NOT_FOUND: 'CATEGORY_NOT_FOUND',
  CATEGORY_NOT_EMPTY: 'CATEGORY_NOT_EMPTY',
  CATEGORY_EXISTS: 'CATEGORY_EXISTS',
  APP_NOT_FOUND: 'APP_NOT_FOUND',
  APP_EXISTS: 'APP_EXISTS',
  INVALID_IMAGE: 'INVALID_IMAGE',
  IMAGE_TOO_LARGE: 'IMAGE_TOO_LARGE',
  LIST_NOT_FOUND: 'LIST_NOT_FOUND',
  LIST_LIMIT_REACHED: 'LIST_LIMIT_REACHED',
  LIST_APP_LIMIT_REACHED: 'LIST_APP_LIMIT_REACHED',
  LIST_READ_ONLY: 'LIST_READ_ONLY',
  APP_ALREADY_IN_LIST: 'APP_ALREADY_IN_LIST',
  LAST_ADMIN: 'LAST_ADMIN',
  // devices (SPEC §8; used from the devices issue on)
  DEVICE_DEACTIVATED: 'DEVICE_DEACTIVATED',
  DEVICE_DEACTIVATED_REMOTELY: 'DEVICE_DEACTIVATED_REMOTELY',
  DEVICE_NOT_FOUND: 'DEVICE_NOT_FOUND',
  DEVICE_LIMIT_REACHED: 'DEVICE_LIMIT_REACHED',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * 401s that are about a password the user typed, not about the session: the web client
 * must not log out or refresh on these (SPEC §4 "401 handling").
 */
export const ACCOUNT_401_CODES: readonly string[] = [
  ErrorCode.INVALID_CURRENT_PASSWORD,
  ErrorCode.INCORRECT_PASSWORD,
  ErrorCode.INVALID_CREDENTIALS,
];
/** The strings SPEC §8 also treats as password errors. */
export const ACCOUNT_401_MESSAGES: readonly string[] = ['Invalid password', 'Current password is incorrect'];

/** 401 codes after which the client clears credentials and shows the device_deactivated message. */
export const FORCED_LOGOUT_CODES: readonly string[] = [
  ErrorCode.DEVICE_DEACTIVATED,
  ErrorCode.DEVICE_DEACTIVATED_REMOTELY,
  ErrorCode.TOKEN_REVOKED,
];
