import { SECOND_MS } from '@shared/time';

/**
 * What one agent connection may cost the server. A real agent stays far below each of them: it
 * sends a few messages per app it installs, a heartbeat every 30 s and an inventory after each
 * job and every few hours. A credential that floods or never reads meets them, and every other
 * request goes on as before. docs/security.md ("Machines and their agents") names each one's test.
 */

/** Sustained messages a second one connection may send (AGENT_MESSAGES_PER_SECOND overrides it). */
export const AGENT_MESSAGES_PER_SECOND = 100;
/**
 * Messages one connection may send at once, in seconds of the sustained rate (2,000 at 100 a
 * second): a 200-app job whose apps are all there already is about 400 reports in a moment.
 */
export const AGENT_MESSAGE_BURST_SECONDS = 20;
/**
 * A message costs one token, and one more for every this many bytes it carries: reading a
 * 63 KiB inventory costs the server as much as sixteen small reports, so a flood of large frames
 * is held to what it costs, not to its count. A real agent's reports are well under 4 KiB.
 */
export const AGENT_BYTES_PER_TOKEN = 4 * 1024;
/**
 * Tokens a new connection costs its device: a credential check, a welcome, its jobs and the
 * catalogue's package ids. The bucket belongs to the device, not the connection, so connecting
 * again does not refill it: an agent that reconnects in a loop is held to the same rate.
 */
export const AGENT_CONNECT_COST = 100;
/**
 * Messages dropped on one connection (past the burst) after which it is closed with 1008, each
 * counted by its cost like the rate itself: a flood of 63 KiB frames is closed after 125 of them
 * rather than 2,000, each of which the server had to receive and unmask (126 MiB that way).
 */
export const AGENT_MESSAGES_DROPPED_MAX = 2_000;
/** WebSocket close code for an agent that broke one of these limits (RFC 6455 "policy violation"). */
export const AGENT_CLOSE_POLICY = 1008;
/**
 * How long a connection closed for its rate is kept for the agent's answer to the close. It is
 * not read meanwhile: parsing WebSocket frames costs the server too, and a flooder goes on sending.
 */
export const AGENT_CLOSE_GRACE_MS = 2 * SECOND_MS;
/**
 * Messages waiting in one connection's inbox past which the server stops reading its socket
 * until they are handled: what a flooding agent has sent waits in its own TCP buffers, not in
 * the server's memory (64 of 64 KiB at most: 4 MiB).
 */
export const AGENT_INBOX_MAX = 64;
/**
 * Bytes waiting to be sent to one connection past which it is terminated: an agent that does
 * not read cannot make the server keep what it would not take. A welcome with its jobs and the
 * catalogue's package ids is well under 1 MiB.
 */
export const AGENT_SEND_BUFFER_MAX_BYTES = 4 * 1024 * 1024;
/**
 * An inventory is applied (and a check-in row written) at most once per this time per device,
 * except the answer to the server's own request or the one after a job. A report that comes
 * sooner is kept, the latest replacing the one kept before, and applied when the time is up.
 */
export const AGENT_INVENTORY_MIN_GAP_MS = 30 * SECOND_MS;
/** How often kept inventories are looked at (by the server's clock), while there are any. */
export const AGENT_INVENTORY_SWEEP_MS = SECOND_MS;
/** Answers to the server's requests (inventory.request, a job sent) that one device may have owed at once. */
export const AGENT_INVENTORY_OWED_MAX = 3;

/**
 * A token bucket: AGENT_MESSAGE_BURST_SECONDS of `perSecond` tokens, refilled at `perSecond`,
 * `cost` taken per message (messageCost) or connection. Time comes from the server's clock, so
 * tests move it; a clock that goes back refills nothing.
 */
export class MessageBucket {
  private tokens: number;
  private at: number;

  private readonly burst: number;

  constructor(
    private readonly perSecond: number,
    now: number,
  ) {
    this.burst = perSecond * AGENT_MESSAGE_BURST_SECONDS;
    this.tokens = this.burst;
    this.at = now;
  }

  /** true: the message may be handled; false: it is over the rate and is dropped. */
  take(now: number, cost = 1): boolean {
    this.refill(now);
    if (this.tokens < cost) return false;
    this.tokens -= cost;
    return true;
  }

  /** Whether it has refilled completely: one that is, of a device not connected, can be let go. */
  full(now: number): boolean {
    this.refill(now);
    return this.tokens >= this.burst;
  }

  private refill(now: number): void {
    if (now <= this.at) return;
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) * this.perSecond) / SECOND_MS);
    this.at = now;
  }
}

/** What one frame of `bytes` costs its device's bucket. */
export function messageCost(bytes: number): number {
  return 1 + Math.floor(bytes / AGENT_BYTES_PER_TOKEN);
}
