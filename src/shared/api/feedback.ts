import { z } from 'zod';

import { isSafeSingleLine, multiLineText } from './common';

export const FEEDBACK_TYPES = ['bug', 'suggestion', 'other'] as const;

/** POST /api/feedback: type, message, optional e-mail, and where and when it was written. */
export const feedbackRequestSchema = z.object({
  type: z.enum(FEEDBACK_TYPES),
  message: multiLineText('Message', 5000, 'Please enter a message'),
  email: z.email('Enter a valid email address').max(254).nullable(),
  userAgent: z.string().max(512).refine(isSafeSingleLine, 'User agent must not contain control characters'),
  url: z.string().max(2048).refine(isSafeSingleLine, 'URL must not contain control characters'),
  timestamp: z.iso.datetime({ offset: true }),
});
export type FeedbackRequest = z.input<typeof feedbackRequestSchema>;
export const feedbackResponseSchema = z.object({ success: z.literal(true), id: z.string() });

export const feedbackItemSchema = z.object({
  id: z.string(),
  type: z.enum(FEEDBACK_TYPES),
  message: z.string(),
  email: z.string().nullable(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  userAgent: z.string(),
  url: z.string(),
  timestamp: z.string(),
  createdAt: z.string(),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;
