import { z } from 'zod';

/** The one error envelope every failed API call answers with. */
export const errorResponseSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** Field-level problems for validation errors: path → message. */
  details: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export { ACCOUNT_401_CODES, ErrorCode, FORCED_LOGOUT_CODES } from './error-codes';
