import type { z } from 'zod';

import type { FeedbackItem, feedbackRequestSchema } from '@shared/api/feedback';
import { HOUR_MS } from '@shared/time';

import { isoNow, type AppContext } from '../context';
import { insertFeedback, listFeedback } from '../db/repositories/feedback.repository';
import type { RateLimiter } from '../security/rate-limiter';
import { newId } from '../security/tokens';

type FeedbackInput = z.output<typeof feedbackRequestSchema>;

/** Per user: enough for real use, too few to fill the admins' inbox. */
export const FEEDBACK_RATE_LIMIT = { limit: 10, windowMs: HOUR_MS };

/** Feedback: stored with the sender's account; admins read it in the console. */
export class FeedbackService {
  constructor(
    private readonly ctx: AppContext,
    private readonly rateLimiter: RateLimiter,
  ) {}

  async submit(userId: string, input: FeedbackInput): Promise<{ success: true; id: string }> {
    await this.rateLimiter.hit(
      `feedback:user:${userId}`,
      FEEDBACK_RATE_LIMIT,
      'You have sent a lot of feedback in the last hour. Thank you! Please try again later.',
    );
    const id = newId();
    await insertFeedback(this.ctx.db, {
      id,
      user_id: userId,
      type: input.type,
      message: input.message,
      // A blank e-mail is sent as null; store null, never ''.
      email: input.email?.trim() ? input.email.trim() : null,
      user_agent: input.userAgent,
      url: input.url,
      client_timestamp: input.timestamp,
      created_at: isoNow(this.ctx.clock),
    });
    return { success: true, id };
  }

  async list(limit = 200): Promise<FeedbackItem[]> {
    const rows = await listFeedback(this.ctx.db, limit);
    return rows.map((row) => ({
      id: row.id,
      type: row.type,
      message: row.message,
      email: row.email,
      userId: row.user_id,
      userEmail: row.user_email,
      userAgent: row.user_agent,
      url: row.url,
      timestamp: row.client_timestamp,
      createdAt: row.created_at,
    }));
  }
}
