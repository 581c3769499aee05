import { z } from 'zod';

/** The signed-in user as the web app stores it. */
export const userSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  isEmailVerified: z.boolean(),
  isAdmin: z.boolean(),
});
export type User = z.infer<typeof userSchema>;
