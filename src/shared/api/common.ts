import { z } from 'zod';

export const successResponseSchema = z.object({ success: z.literal(true), message: z.string().optional() });
export type SuccessResponse = z.infer<typeof successResponseSchema>;

/** E-mail as users type it: trimmed and lower-cased so that one address is one account. */
export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .email('Enter a valid email address')
  .transform((value) => value.toLowerCase());

/**
 * Characters that have no place in a one-line text such as a name: C0 and C1 controls (NUL,
 * CR, LF, tab, escape…), line and paragraph separators, and the bidirectional marks,
 * overrides and isolates that make text read differently from how it is stored. A name with a
 * line break can write a paragraph of its own into an e-mail; a bidi override can turn
 * "exe.pdf" into "fdp.exe". One character class, no quantifier: linear on any input.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const UNSAFE_IN_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;
/** The same, except the line breaks and tabs that multi-line text (a message, a description) may hold. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE_IN_MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

export const isSafeSingleLine = (value: string): boolean => !UNSAFE_IN_SINGLE_LINE.test(value);
export const isSafeMultiLine = (value: string): boolean => !UNSAFE_IN_MULTI_LINE.test(value);

/**
 * A one-line text field: trimmed, at most `max` characters, no control or bidi characters;
 * with `required`, that message also when it is missing or blank.
 */
export function singleLineText(label: string, max: number, required?: string) {
  return textField(required)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isSafeSingleLine, `${label} must not contain line breaks or control characters`);
}

/** A multi-line text field (a message, a description): as singleLineText, with line breaks and tabs allowed. */
export function multiLineText(label: string, max: number, required?: string) {
  return textField(required)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isSafeMultiLine, `${label} must not contain control characters`);
}

function textField(required?: string) {
  return required ? z.string({ error: required }).trim().min(1, required) : z.string().trim();
}

export const nameSchema = singleLineText('Name', 100);
/** Sign-up's words for a missing legal name, which the account's settings use for the last name too. */
export const LAST_NAME_REQUIRED_MESSAGE = 'First and last name are required';

/** Numeric ids are PostgreSQL `integer`s: anything larger is no id of ours (and would be a 500 there). */
export const MAX_ROW_ID = 2_147_483_647;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** NIST SP 800-63B §5.1.1.2: length limits only, no composition rules; the server also refuses common passwords. */
export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const PASSWORD_MESSAGES = {
  personal: 'Password must not contain your name or email address',
  weak: 'Password is too common or too easy to guess. Try a few unrelated words.',
} as const;

/**
 * Does the password contain the account's e-mail address, the part before its @, or a name
 * (of 3 characters or more)? Case-insensitive. The web forms ask this before sending; the
 * server asks it again with the breached-password check.
 */
export function passwordContainsPersonalInfo(
  password: string,
  person: { email?: string | null; firstName?: string | null; lastName?: string | null },
): boolean {
  const haystack = password.toLowerCase();
  const email = (person.email ?? '').trim().toLowerCase();
  const words = [email, email.split('@')[0] ?? '', person.firstName ?? '', person.lastName ?? ''];
  return words.some((word) => {
    const needle = word.trim().toLowerCase();
    return needle.length >= 3 && haystack.includes(needle);
  });
}

/** The Idempotency-Key header: same key, same answer, so a retried request does nothing twice. */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\w.:-]+$/, 'Idempotency-Key may only contain letters, digits, dots, colons, dashes and underscores')
    .optional(),
});
