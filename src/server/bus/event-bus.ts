import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Client } from 'pg';

import type { AuthTarget } from '../db/auth-changes';
import { notifyAtCommit } from '../db/repositories/notify.repository';
import type { Db } from '../db/schema';

/**
 * What one server process tells every other (docs/architecture.md, "The event bus"): an agent or a browser may be
 * connected to any process, so whoever changes a job says so here and the process holding the
 * connection acts. Rows in the database stay the truth; an event only says "look again".
 */
export type BusEvent =
  | { type: 'job.available'; deviceRowId: string; targetId: string }
  | { type: 'job.cancel'; deviceRowId: string; targetId: string }
  | { type: 'device.deactivated'; deviceRowId: string; removeClient: boolean }
  /** `refresh`: the person asked (Check now): the agent refreshes its managers' indexes first. */
  | { type: 'inventory.request'; deviceRowId: string; refresh?: boolean }
  /** A device's agent connected to some process: any other process holding an older connection of it lets that go. */
  | { type: 'agent.connected'; deviceRowId: string; connectionId: string; from: string | null }
  /** Ask the device's agent what uninstalling an app would remove (services/removal-check.service.ts). */
  | { type: 'removal.check'; deviceRowId: string; checkId: string }
  /** Ask the device's agent to search its package managers (services/device-search.service.ts). */
  | { type: 'device.search'; deviceRowId: string; searchId: string }
  | { type: 'user.changed'; userId: string; topic: 'installations' | 'devices' | 'notifications'; id: string }
  /** A session was revoked, or a user or plan changed: forget what was kept about them (security/auth-cache.ts). */
  | { type: 'auth.changed'; target: AuthTarget }
  /** An app of the catalogue was added, edited or deleted: read it again (services/catalogue-snapshot.ts). */
  | { type: 'catalogue.changed' }
  /** Local only: events may have been missed (the listener reconnected); read the rows again. */
  | { type: 'resync' };

export type BusListener = (event: BusEvent) => void;

export interface EventBus {
  publish(event: BusEvent): Promise<void>;
  /**
   * Publishes as part of `db`'s transaction: PostgreSQL delivers it when that transaction
   * commits, and never if it rolls back. One process (SQLite): at once, like publish.
   */
  publishWith(db: Db, event: BusEvent): Promise<void>;
  subscribe(listener: BusListener): () => void;
  close(): Promise<void>;
}

/** One process (SQLite): events go straight to this process's listeners. */
export class LocalEventBus implements EventBus {
  protected readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(event: BusEvent): Promise<void> {
    this.emitter.emit('event', event);
  }

  async publishWith(_db: Db, event: BusEvent): Promise<void> {
    await this.publish(event);
  }

  subscribe(listener: BusListener): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** NOTIFY carries at most 8000 bytes; our events are a few hundred. */
const MAX_PAYLOAD = 7_500;

/**
 * Several processes on one PostgreSQL: LISTEN/NOTIFY on a channel named after our schema (so
 * test runs in other schemas never hear us). A process hears its own notifications too, so
 * publishing only notifies. When the listening connection drops, it reconnects with backoff
 * and emits `resync`, since whatever was notified meanwhile is lost.
 */
export class PostgresEventBus extends LocalEventBus {
  private client: Client | null = null;
  private closed = false;
  private attempt = 0;

  private constructor(
    private readonly connectionString: string,
    private readonly channel: string,
    private readonly log: FastifyBaseLogger,
    /** The app's pool: notifications go out on it, so the listening connection only listens. */
    private readonly db: Db,
  ) {
    super();
  }

  static async connect(databaseUrl: string, schema: string, log: FastifyBaseLogger, db: Db): Promise<PostgresEventBus> {
    const url = new URL(databaseUrl);
    url.searchParams.delete('schema');
    // A channel is an identifier of at most 63 bytes: name it by a digest of the schema.
    const channel = `loadout_events_${createHash('sha256').update(schema).digest('hex').slice(0, 16)}`;
    const bus = new PostgresEventBus(url.toString(), channel, log, db);
    await bus.listen();
    return bus;
  }

  override async publish(event: BusEvent): Promise<void> {
    if (!this.client) {
      notifiable(event);
      // Between reconnects: this process still hears it, the others resync when we return.
      this.emitter.emit('event', event);
      return;
    }
    // Outside a transaction it is sent at once; on the pool, not on the listening client, where
    // queries would queue behind each other (pg deprecates that).
    await this.publishWith(this.db, event);
  }

  override async publishWith(db: Db, event: BusEvent): Promise<void> {
    // On the writer's own connection: NOTIFY in a transaction is sent at its commit. While
    // our listener is reconnecting we miss it like every other event, and `resync` follows.
    await notifyAtCommit(db, this.channel, notifiable(event));
  }

  override async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
    await super.close();
  }

  private async listen(): Promise<void> {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (message) => {
      if (message.channel !== this.channel || !message.payload) return;
      try {
        this.emitter.emit('event', JSON.parse(message.payload) as BusEvent);
      } catch (error) {
        this.log.warn({ err: error }, 'Unreadable event on the bus');
      }
    });
    client.on('error', (error) => this.log.warn({ err: error }, 'Event bus connection failed'));
    client.on('end', () => {
      if (this.client === client) this.client = null;
      if (!this.closed) this.reconnectLater();
    });
    await client.connect();
    await client.query(`listen "${this.channel}"`);
    this.client = client;
    this.attempt = 0;
  }

  private reconnectLater(): void {
    const delay = Math.min(30_000, 500 * 2 ** this.attempt++);
    setTimeout(() => {
      if (this.closed) return;
      this.listen().then(
        () => this.emitter.emit('event', { type: 'resync' } satisfies BusEvent),
        (error: unknown) => {
          this.log.warn({ err: error }, 'Event bus could not reconnect');
          this.reconnectLater();
        },
      );
    }, delay).unref();
  }
}

/** The event as a NOTIFY payload; too large a one is a programming error, refused wherever it is published. */
function notifiable(event: BusEvent): string {
  const payload = JSON.stringify(event);
  if (payload.length > MAX_PAYLOAD) throw new Error(`Event too large for NOTIFY (${payload.length} bytes)`);
  return payload;
}
