import type { FeedbackRequest } from '@shared/api/feedback';

import { baseApi } from '../lib/base-api';

export const feedbackApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/feedback: type, message, e-mail or null, user agent, page and time. */
    sendFeedback: build.mutation<unknown, FeedbackRequest>({
      query: (body) => ({
        url: '/api/feedback',
        method: 'POST',
        data: body,
        schema: () => import('@shared/api/feedback').then((m) => m.feedbackResponseSchema),
      }),
      invalidatesTags: ['AdminFeedback', 'AdminStats'],
    }),
  }),
});

export const { useSendFeedbackMutation } = feedbackApi;
