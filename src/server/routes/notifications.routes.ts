import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';

import {
  markNotificationsReadResponseSchema,
  markNotificationsReadSchema,
  notificationSettingsSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
  unsubscribeQuerySchema,
  unsubscribeResponseSchema,
  updateNotificationSettingsSchema,
  type UnsubscribeKind,
} from '@shared/api/notifications';

import { callerOf } from '../plugins/auth';
import { limitPerIp } from './request-helpers';

const tags = ['notifications'];
const security = [{ bearer: [] }];
/** RFC 8058's body is 26 bytes; a form from the confirmation page a few more. */
const UNSUBSCRIBE_BODY_LIMIT = 1024;

const KIND_TEXT: Record<UnsubscribeKind, string> = {
  failureMails: 'mails when an installation fails',
  updateDigest: 'the daily digest of available updates',
  priorityMails: 'immediate mails about new updates (priority notifications)',
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>${escapeHtml(title)} · Loadout</title></head><body style="font-family:system-ui,sans-serif;line-height:1.5;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>${body}</body></html>`;
}

/**
 * Notifications: the centre (Premium), the switches, and the mails' one-click
 * unsubscribe link, which needs no sign-in: its token is the authority (an HMAC, see
 * security/unsubscribe-tokens.ts), so there is no cookie and no CSRF to forge.
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { notifications } = app.services;

  app.get(
    '/api/notifications',
    {
      onRequest: (request) => app.authenticate(request),
      schema: {
        operationId: 'listNotifications',
        tags,
        summary: 'Your notification centre, newest first, with the unread count (Premium; PLAN_FEATURE_REQUIRED otherwise)',
        security,
        querystring: notificationsQuerySchema,
        response: { 200: notificationsResponseSchema },
      },
    },
    async (request) => notifications.list(callerOf(request).userId, request.query.limit),
  );

  app.post(
    '/api/notifications/read',
    {
      onRequest: (request) => app.authenticate(request),
      schema: {
        operationId: 'markNotificationsRead',
        tags,
        summary: 'Mark these notifications read ({ids}), or all of them ({}); answers the unread count (Premium)',
        security,
        body: markNotificationsReadSchema,
        response: { 200: markNotificationsReadResponseSchema },
      },
    },
    async (request) => notifications.markRead(callerOf(request).userId, request.body.ids ?? null),
  );

  app.get(
    '/api/notification-settings',
    {
      onRequest: (request) => app.authenticate(request),
      schema: {
        operationId: 'getNotificationSettings',
        tags,
        summary: 'Which notifications you get: failure mails, the update digest, priority mails and the in-app centre (Premium)',
        security,
        response: { 200: notificationSettingsSchema },
      },
    },
    async (request) => notifications.settings(callerOf(request).userId),
  );

  app.put(
    '/api/notification-settings',
    {
      onRequest: (request) => app.authenticate(request),
      schema: {
        operationId: 'updateNotificationSettings',
        tags,
        summary: 'Turn kinds of notifications on or off; answers every switch',
        security,
        body: updateNotificationSettingsSchema,
        response: { 200: notificationSettingsSchema },
      },
    },
    async (request) => notifications.updateSettings(callerOf(request).userId, request.body),
  );

  // The mails' List-Unsubscribe link: no sign-in; mail providers POST `List-Unsubscribe=One-Click`
  // form-encoded (RFC 8058), the confirmation page's button does the same.
  await app.register(async (plain) => {
    plain.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string' },
      (_request, _body, done) => done(null, undefined),
    );
    const scope = plain.withTypeProvider<ZodTypeProvider>();

    scope.get(
      '/api/notifications/unsubscribe',
      {
        onRequest: limitPerIp(app, 'unsubscribe', 'tokenPerIp'),
        schema: {
          operationId: 'getUnsubscribePage',
          security: [],
          tags,
          summary: 'The page a mail’s unsubscribe link opens: says which mails stop and asks to confirm with a button',
          querystring: unsubscribeQuerySchema,
          produces: ['text/html'],
        },
      },
      async (request, reply) => {
        const { kind } = notifications.verifyUnsubscribe(request.query.token);
        if (request.query.done) {
          const done = `<p>Done: you will no longer get ${escapeHtml(KIND_TEXT[kind])}.</p><p style="font-size:.9rem">You can turn it back on in Settings → Notifications.</p>`;
          return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page('Unsubscribed', done));
        }
        const action = `/api/notifications/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
        const body = `<p>Stop ${escapeHtml(KIND_TEXT[kind])} from Loadout?</p><form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="font:inherit;padding:.5rem 1rem">Unsubscribe</button></form><p style="font-size:.9rem">You can turn it back on in Settings → Notifications.</p>`;
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page('Unsubscribe', body));
      },
    );

    scope.post(
      '/api/notifications/unsubscribe',
      {
        // No per-IP limit here: mail providers post one-click unsubscribes of many people from a
        // few addresses, and a 429 would keep mailing someone who asked to stop. A token that is
        // not ours costs one HMAC and no database access.
        bodyLimit: UNSUBSCRIBE_BODY_LIMIT,
        schema: {
          operationId: 'unsubscribe',
          security: [],
          tags,
          summary: 'One-click unsubscribe (RFC 8058): turns off the kind of mail the link came in; no sign-in, the token is the authority',
          querystring: unsubscribeQuerySchema,
          response: { 200: unsubscribeResponseSchema },
        },
      },
      async (request, reply) => {
        const kind = await notifications.unsubscribe(request.query.token);
        // The confirmation page's form goes back to a page that says so; mail providers read only the 200.
        if ((request.headers.accept ?? '').includes('text/html'))
          return reply.redirect(`/api/notifications/unsubscribe?token=${encodeURIComponent(request.query.token)}&done=1`, 303);
        return { success: true as const, kind };
      },
    );
  });
};
