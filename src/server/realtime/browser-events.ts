import type { ServerResponse } from 'node:http';

import type { EventBus } from '../bus/event-bus';

/** A comment line now and then keeps proxies from closing a quiet stream. */
const KEEPALIVE_MS = 25_000;
/**
 * How far back a new stream's `ready` tells of changes. A page reads its data and opens its
 * stream at the same moment; a change between the two would otherwise be heard by nobody, and
 * the page would show what it read until the next change. A few seconds cover that gap.
 */
export const RECENT_CHANGE_MS = 15_000;

interface Stream {
  raw: ServerResponse;
  close(): void;
}

/**
 * Server-sent events for signed-in browsers (`GET /api/events`): "something of
 * yours changed" — `{topic: 'installations' | 'devices' | 'notifications', id}` — for this user only; the web
 * app then reads the rows again. A stream starts with `ready`, `{recent: [topics]}`: the topics
 * of this user that changed within RECENT_CHANGE_MS, which a page that has just read its data
 * reads again. A stream ends when the access token it was opened with expires, so a signed-out
 * or deactivated session stops hearing within minutes; the app reopens it with a fresh token.
 */
export class BrowserEvents {
  private readonly streams = new Map<string, Set<Stream>>();
  /** user → topic → when it last changed, oldest user first (a change moves the user to the end). */
  private readonly recent = new Map<string, Map<string, number>>();
  private readonly unsubscribe: () => void;

  constructor(
    bus: EventBus,
    private readonly nowMs: () => number = () => performance.now(),
  ) {
    this.unsubscribe = bus.subscribe((event) => {
      if (event.type !== 'user.changed') return;
      this.remember(event.userId, event.topic);
      const data = `event: change\ndata: ${JSON.stringify({ topic: event.topic, id: event.id })}\n\n`;
      for (const stream of this.streams.get(event.userId) ?? []) stream.raw.write(data);
    });
  }

  /** Keeps the change's time, and forgets users whose last change is older than the window (memory stays bounded). */
  private remember(userId: string, topic: string): void {
    const now = this.nowMs();
    const topics = this.recent.get(userId) ?? new Map<string, number>();
    this.recent.delete(userId);
    topics.set(topic, now);
    this.recent.set(userId, topics);
    for (const [user, times] of this.recent) {
      if (Math.max(...times.values()) >= now - RECENT_CHANGE_MS) break;
      this.recent.delete(user);
    }
  }

  /** This user's topics that changed within the window. */
  recentTopics(userId: string): string[] {
    const since = this.nowMs() - RECENT_CHANGE_MS;
    return [...(this.recent.get(userId) ?? [])].filter(([, at]) => at >= since).map(([topic]) => topic);
  }

  get size(): number {
    let count = 0;
    for (const streams of this.streams.values()) count += streams.size;
    return count;
  }

  open(userId: string, raw: ServerResponse, headers: Record<string, string>, endsInMs: number): void {
    raw.writeHead(200, {
      ...headers,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    raw.write(`retry: 3000\nevent: ready\ndata: ${JSON.stringify({ recent: this.recentTopics(userId) })}\n\n`);
    const keepalive = setInterval(() => raw.write(': keepalive\n\n'), KEEPALIVE_MS).unref();
    const expiry = setTimeout(() => stream.close(), Math.max(1_000, endsInMs)).unref();
    const stream: Stream = {
      raw,
      close: () => {
        clearInterval(keepalive);
        clearTimeout(expiry);
        this.streams.get(userId)?.delete(stream);
        if (this.streams.get(userId)?.size === 0) this.streams.delete(userId);
        if (!raw.writableEnded) raw.end();
      },
    };
    raw.on('close', () => stream.close());
    const own = this.streams.get(userId) ?? new Set<Stream>();
    own.add(stream);
    this.streams.set(userId, own);
  }

  close(): void {
    this.unsubscribe();
    for (const streams of [...this.streams.values()]) for (const stream of [...streams]) stream.close();
  }
}
