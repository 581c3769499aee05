/** How often at most the progress of one running item is written (final reports are written at once). */
export const PROGRESS_WINDOW_MS = 250;

/**
 * Agents may say how a running item is getting on as often as they like; the database and the
 * browsers hear it at most once a window per item: the first report at once (the item starts
 * installing without delay), then the latest one at the window's end. A final report ends the
 * item's window, and what was kept is dropped: it says less than the final one. Writes are
 * conditional on the item's status, so a kept report that arrives late moves nothing back.
 */
export class ProgressThrottle<Report> {
  private readonly windows = new Map<string, { latest: Report | null }>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly write: (report: Report) => Promise<void>,
    private readonly windowMs = PROGRESS_WINDOW_MS,
  ) {}

  /** true: write this report now (the first of its window); false: it is kept as the window's latest. */
  offer(key: string, report: Report): boolean {
    const window = this.windows.get(key);
    if (window) {
      window.latest = report;
      return false;
    }
    this.windows.set(key, { latest: null });
    this.timer ??= setTimeout(() => void this.flush(), this.windowMs).unref();
    return true;
  }

  /** The item reached a final status: nothing kept for it is written. */
  end(key: string): void {
    this.windows.delete(key);
  }

  /** Writes each window's latest report; windows that heard nothing new close. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const due: Report[] = [];
    for (const [key, window] of this.windows) {
      if (window.latest === null) {
        this.windows.delete(key);
      } else {
        due.push(window.latest);
        window.latest = null;
      }
    }
    if (this.windows.size > 0) this.timer = setTimeout(() => void this.flush(), this.windowMs).unref();
    for (const report of due) await this.write(report);
  }

  /** On the way out: what is kept is written, and no timer is left behind. */
  async close(): Promise<void> {
    await this.flush();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.windows.clear();
  }
}
