import { useEffect } from 'react';
import { useDispatch } from 'react-redux';

import { tokenAfterUnauthorized } from './api-client';
import { baseApi } from './base-api';
import { readToken } from './session';

const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;

type Invalidate = (topics: readonly string[]) => void;

/** What a topic of `GET /api/events` makes stale. */
const TAGS_OF_TOPIC = {
  installations: ['Installations'],
  // The inventory arrives from the agent as a device change.
  devices: ['Devices', 'Inventory'],
  // The navbar's bell: a new notification, or some read in another tab.
  notifications: ['Notifications'],
} as const;

/** Capped exponential backoff with full jitter: many tabs do not come back in one second after a restart. */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const cap = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, failures - 1));
  return Math.max(FIRST_DELAY_MS / 2, Math.round(random() * cap));
}

/** Splits server-sent event frames out of the text read so far; answers what is left over. */
export function takeFrames(buffer: string, onFrame: (event: string, data: string) => void): string {
  const normalized = buffer.replace(/\r\n?/g, '\n');
  const frames = normalized.split('\n\n');
  const rest = frames.pop() ?? '';
  for (const frame of frames) {
    let event = 'message';
    const data: string[] = [];
    for (const line of frame.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (data.length > 0) onFrame(event, data.join('\n'));
  }
  return rest;
}

function topicOf(data: string): string | null {
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed === 'object' && parsed !== null && 'topic' in parsed && typeof parsed.topic === 'string') return parsed.topic;
  } catch {
    // not ours: ignored
  }
  return null;
}

/** The topics a `ready` event says changed moments before the stream opened. */
function recentTopicsOf(data: string): string[] {
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed !== 'object' || parsed === null || !('recent' in parsed) || !Array.isArray(parsed.recent)) return [];
    return parsed.recent.filter((topic): topic is string => typeof topic === 'string');
  } catch {
    return [];
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/** An answer that is not a stream: its body is dropped without waiting for it. */
function discard(response: Response): void {
  response.body?.cancel().catch(() => undefined);
}

/** Reads one stream to its end; answers whether it was opened (the server's `ready`). */
async function readStream(body: ReadableStream<Uint8Array>, invalidate: Invalidate, reconnected: boolean): Promise<boolean> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ready = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return ready;
    buffer = takeFrames(buffer + decoder.decode(value, { stream: true }), (event, data) => {
      if (event === 'ready') {
        ready = true;
        // Changes made while the stream was down were not heard: read everything again. On the
        // first opening, what changed just before it (the page's first reads may predate it).
        if (reconnected) invalidate(Object.keys(TAGS_OF_TOPIC));
        else {
          const recent = recentTopicsOf(data);
          if (recent.length > 0) invalidate(recent);
        }
      } else if (event === 'change') {
        const topic = topicOf(data);
        if (topic) invalidate([topic]);
      }
    });
  }
}

/**
 * Keeps one event stream open while `signal` is not aborted. fetch and a reader rather than
 * EventSource: the stream needs the bearer token. It ends when the token it was opened with
 * expires; it is then reopened with the current token (refreshed on a 401, as the API client does).
 */
export async function runLiveEvents(invalidate: Invalidate, signal: AbortSignal): Promise<void> {
  let failures = 0;
  let opened = false;
  while (!signal.aborted) {
    const token = readToken();
    if (!token) return;
    try {
      const response = await fetch('/api/events', {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        signal,
      });
      if (response.status === 401) {
        discard(response);
        if (!(await tokenAfterUnauthorized(token))) return;
        // A refreshed token is tried at once; a second refusal in a row waits.
        if (failures++ === 0) continue;
      } else if (response.status === 404) {
        // A server without the event stream: screens still work, without live updates.
        return;
      } else if (response.ok && response.body) {
        if (await readStream(response.body, invalidate, opened)) {
          opened = true;
          failures = 0;
        } else failures++;
      } else {
        discard(response);
        failures++;
      }
    } catch {
      if (signal.aborted) return;
      failures++;
    }
    await sleep(failures === 0 ? FIRST_DELAY_MS / 2 : backoffDelay(failures), signal);
  }
}

/** Opens the stream for a signed-in user (mounted once, by app/live-events-slot). */
export function useLiveEvents(): void {
  const dispatch = useDispatch();
  useEffect(() => {
    const controller = new AbortController();
    const invalidate: Invalidate = (topics) => {
      const tags = topics.flatMap((topic) => (topic in TAGS_OF_TOPIC ? TAGS_OF_TOPIC[topic as keyof typeof TAGS_OF_TOPIC] : []));
      if (tags.length > 0) dispatch(baseApi.util.invalidateTags([...new Set(tags)]));
    };
    void runLiveEvents(invalidate, controller.signal);
    return () => controller.abort();
  }, [dispatch]);
}

/** The hook as a component, so that app/ can load it lazily. */
export function LiveEvents(): null {
  useLiveEvents();
  return null;
}
