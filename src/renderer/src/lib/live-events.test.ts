// @vitest-environment happy-dom
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ErrorCode } from '@shared/api/error-codes';

import { apiServer } from '../test/mock-api';
import { signIn } from '../test/render-app';
import { backoffDelay, runLiveEvents, takeFrames } from './live-events';

function eventStream(text: string): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
  return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
}

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(() => localStorage.clear());

describe('the live event stream', () => {
  it('splits frames, keeping a partial one for the next read', () => {
    const seen: Array<[string, string]> = [];
    const rest = takeFrames(
      'retry: 3000\nevent: ready\ndata: {}\n\n: keepalive\n\nevent: change\r\ndata: {"topic":"devices"}\r\n\r\nevent: cha',
      (e, d) => seen.push([e, d]),
    );
    expect(seen).toEqual([
      ['ready', '{}'],
      ['change', '{"topic":"devices"}'],
    ]);
    expect(rest).toBe('event: cha');
  });

  it('backs off exponentially up to 30 s, with jitter', () => {
    expect(backoffDelay(1, () => 1)).toBe(1_000);
    expect(backoffDelay(3, () => 1)).toBe(4_000);
    expect(backoffDelay(20, () => 1)).toBe(30_000);
    expect(backoffDelay(20, () => 0)).toBe(500);
  });

  it('sends the bearer token, invalidates per topic, and reopens the stream when it ends', async () => {
    const opened: Array<{ authorization: string | null; accept: string | null }> = [];
    const controller = new AbortController();
    const invalidated: string[][] = [];
    apiServer.use(
      http.get('/api/events', ({ request }) => {
        opened.push({ authorization: request.headers.get('authorization'), accept: request.headers.get('accept') });
        return eventStream(
          'event: ready\ndata: {}\n\nevent: change\ndata: {"topic":"installations","id":"i1"}\n\nevent: change\ndata: {"topic":"devices","id":"d1"}\n\n',
        );
      }),
    );
    await runLiveEvents((topics) => {
      invalidated.push([...topics]);
      // The catch-up after reconnecting names every topic at once.
      if (topics.length > 1) controller.abort();
    }, controller.signal);
    expect(opened[0]).toEqual({ authorization: 'Bearer access-1', accept: 'text/event-stream' });
    expect(opened).toHaveLength(2);
    // The second stream starts with a catch-up of everything missed in between.
    expect(invalidated.slice(0, 3)).toEqual([['installations'], ['devices'], ['installations', 'devices', 'notifications']]);
  });

  it('reads again on first opening only what changed moments before it, as the server says', async () => {
    const controller = new AbortController();
    const invalidated: string[][] = [];
    apiServer.use(
      http.get('/api/events', () =>
        eventStream('event: ready\ndata: {"recent":["devices"]}\n\nevent: change\ndata: {"topic":"installations","id":"i1"}\n\n'),
      ),
    );
    await runLiveEvents((topics) => {
      invalidated.push([...topics]);
      if (topics.includes('installations')) controller.abort();
    }, controller.signal);
    // The page read its devices before the stream opened, and a device changed in between.
    expect(invalidated).toEqual([['devices'], ['installations']]);
  });

  it('refreshes an expired token on a 401 and reopens with the new one', async () => {
    const controller = new AbortController();
    const tokens: Array<string | null> = [];
    apiServer.use(
      http.get('/api/events', ({ request }) => {
        tokens.push(request.headers.get('authorization'));
        if (tokens.length === 1) return HttpResponse.json({ code: ErrorCode.TOKEN_EXPIRED, message: 'Token expired' }, { status: 401 });
        return eventStream('event: ready\ndata: {}\n\nevent: change\ndata: {"topic":"devices"}\n\n');
      }),
      http.post('/api/auth/refresh', () => HttpResponse.json({ token: 'access-2', refreshToken: 'refresh-2' })),
    );
    await runLiveEvents(() => controller.abort(), controller.signal);
    expect(tokens).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(localStorage.getItem('token')).toBe('access-2');
  });

  it('stops on a server without the event stream', async () => {
    apiServer.use(http.get('/api/events', () => HttpResponse.json({ code: ErrorCode.NOT_FOUND, message: 'Not found' }, { status: 404 })));
    await expect(runLiveEvents(() => undefined, new AbortController().signal)).resolves.toBeUndefined();
  });
});
