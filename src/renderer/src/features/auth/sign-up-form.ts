import type { ReactNode } from 'react';
import { z } from 'zod';

import { registerRequestSchema } from '@shared/api/auth';
import { emailSchema, newPasswordSchema, PASSWORD_MESSAGES, passwordContainsPersonalInfo } from '@shared/api/common';

const EMAIL_AND_PASSWORD_REQUIRED = 'Email and password are required';

/**
 * Sign-up: the request's rules in the product's words, a blank career field sent as null,
 * and the server's personal-password rule asked before sending (it also refuses common ones).
 */
export const signUpFormSchema = registerRequestSchema
  .extend({
    email: z.string().trim().min(1, EMAIL_AND_PASSWORD_REQUIRED).pipe(emailSchema),
    password: z.string().min(1, EMAIL_AND_PASSWORD_REQUIRED).pipe(newPasswordSchema),
    careerField: registerRequestSchema.shape.careerField.transform((value) => value || null),
  })
  .superRefine(({ password, ...person }, ctx) => {
    if (passwordContainsPersonalInfo(password, person))
      ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_MESSAGES.personal });
  });

/** What is missing is said one message at a time, in this order, at the head of the form (the product's wording). */
const HEAD_ORDER = ['email', 'password', 'firstName', 'lastName', 'careerField', 'dateOfBirth', 'agreeToTerms'] as const;

/** Where each problem shows: what is missing heads the form; the password's own problems (too short, personal) go under it. */
export function placeProblems(errors: Record<string, ReactNode>): { head: ReactNode; password: ReactNode } {
  const passwordMissing = errors.password === EMAIL_AND_PASSWORD_REQUIRED;
  const head = HEAD_ORDER.filter((field) => field !== 'password' || passwordMissing).map((field) => errors[field]);
  return { head: head.find(Boolean) ?? null, password: passwordMissing ? null : errors.password };
}
