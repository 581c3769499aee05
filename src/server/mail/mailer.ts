import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Transporter } from 'nodemailer';

import type { Clock } from '../clock';
import { insertOutboxMail, markOutboxMail } from '../db/repositories/outbox.repository';
import type { Database } from '../db/schema';
import { newId } from '../security/tokens';
import { redactSecrets } from './redact';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Extra header lines (List-Unsubscribe of the notification mails, RFC 8058). Delivered over
   * SMTP and written to MAIL_DIR, never kept in the outbox: they may carry a link's secret.
   */
  headers?: Record<string, string>;
}

/** Where mails go: an SMTP server, or (no SMTP_URL: development) files readable only by their owner. */
export type MailDelivery = { kind: 'smtp'; url: string } | { kind: 'directory'; path: string };

/**
 * Every mail is recorded in the outbox table with its links' tokens removed: the database
 * never holds a live reset, verification or undo link. The mail itself, links and all, goes
 * to the SMTP server in the background (requests do not wait on the mail server; a failure
 * is recorded, not thrown) or, without SMTP, to a file in MAIL_DIR (mode 0600), whose name
 * the log gives — the log never carries a link either.
 */
export class Mailer {
  /** Created on the first mail: nodemailer is loaded only when SMTP is configured and used. */
  private transport: Promise<Transporter> | null = null;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly delivery: MailDelivery,
    private readonly from: string,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const id = newId();
    const createdAt = this.clock.now().toISOString();
    await insertOutboxMail(this.db, {
      id,
      to_address: message.to,
      subject: message.subject,
      text_body: redactSecrets(message.text),
      html_body: message.html === undefined ? null : redactSecrets(message.html),
      status: this.delivery.kind === 'smtp' ? 'queued' : 'logged',
      error: null,
      created_at: createdAt,
    });
    const delivery = (this.delivery.kind === 'smtp' ? this.deliver(id, message) : this.writeFile(id, createdAt, message)).finally(() =>
      this.inFlight.delete(delivery),
    );
    this.inFlight.add(delivery);
  }

  private async deliver(id: string, message: MailMessage): Promise<void> {
    try {
      await (await this.smtpTransport()).sendMail({ from: this.from, ...message });
      await markOutboxMail(this.db, id, 'sent', null);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.log.error({ to: message.to, subject: message.subject, reason }, 'mail delivery failed');
      await markOutboxMail(this.db, id, 'failed', reason).catch(() => undefined);
    }
  }

  private async writeFile(id: string, createdAt: string, message: MailMessage): Promise<void> {
    if (this.delivery.kind !== 'directory') return;
    const file = join(this.delivery.path, `${createdAt.replace(/[:.]/g, '-')}-${id.slice(0, 8)}.txt`);
    try {
      await mkdir(this.delivery.path, { recursive: true, mode: 0o700 });
      const headers = [
        `From: ${this.from}`,
        `To: ${message.to}`,
        `Subject: ${message.subject}`,
        `Date: ${createdAt}`,
        ...Object.entries(message.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
      ];
      await writeFile(file, `${headers.join('\n')}\n\n${message.text}\n`, { mode: 0o600 });
      this.log.info(
        { to: message.to, subject: message.subject, file },
        'mail written to MAIL_DIR (no SMTP_URL): open the file to follow its link',
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.log.error({ to: message.to, subject: message.subject, reason }, 'mail could not be written to MAIL_DIR');
      await markOutboxMail(this.db, id, 'failed', reason).catch(() => undefined);
    }
  }

  private smtpTransport(): Promise<Transporter> {
    const url = this.delivery.kind === 'smtp' ? this.delivery.url : '';
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url));
    return this.transport;
  }

  /** Waits for mails still being delivered (graceful shutdown). */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  async close(): Promise<void> {
    if (this.transport) (await this.transport).close();
  }
}
