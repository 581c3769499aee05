import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Transporter } from 'nodemailer';
import type { Clock } from '../clock';
import { insertOutboxMail, markOutboxMail } from '../db/repositories/outbox.repository';
import type { Database } from '../db/schema';
import { newId } from '../security/tokens';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Every mail is written to the outbox table first. With SMTP_URL it is then delivered in the
 * background (requests do not wait on the mail server; a failure is recorded, not thrown);
 * without it the mail stays in the outbox and its text, links included, goes to the log.
 */
export class Mailer {
  /** Created on the first mail: nodemailer is loaded only when SMTP is configured and used. */
  private transport: Promise<Transporter> | null = null;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly smtpUrl: string | null,
    private readonly from: string,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const id = newId();
    await insertOutboxMail(this.db, {
      id,
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? null,
      status: 'logged',
      error: null,
      created_at: this.clock.now().toISOString(),
    });
    if (!this.smtpUrl) {
      this.log.info({ to: message.to, subject: message.subject, text: message.text }, 'mail kept in outbox (no SMTP_URL)');
      return;
    }
    const delivery = this.deliver(id, message).finally(() => this.inFlight.delete(delivery));
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

  private smtpTransport(): Promise<Transporter> {
    const url = this.smtpUrl ?? '';
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
