import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Log } from './log';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one link the reader is meant to follow (tests read it; never logged: a reset link is a password). */
  link?: string;
}

export interface Mailer {
  /** `log`: the logger of the request the mail is sent for (its lines then carry the request id). */
  send(message: MailMessage, log?: Log): Promise<void>;
}

/** Sends through SMTP (SMTP_URL). */
export class SmtpMailer implements Mailer {
  /** nodemailer, loaded with the first mail rather than at start-up. */
  private transport: Promise<Transporter> | null = null;
  constructor(
    private readonly url: string,
    private readonly from: string,
  ) {}
  async send(message: MailMessage): Promise<void> {
    this.transport ??= import('nodemailer').then(({ createTransport }) => createTransport(this.url));
    const transport = await this.transport;
    await transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
  }
}

/**
 * With no SMTP configured, each message becomes a file in DATA_DIR/outbox (readable by the server's user only). The
 * log says a mail was written and where, never its text or link: a password-reset link signs in whoever reads it.
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly log: Log,
  ) {}

  async send(message: MailMessage, log: Log = this.log): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const slug = message.subject
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, 40);
    const file = path.join(this.dir, `${stamp}-${slug}.eml`);
    const body = [`From: ${this.from}`, `To: ${message.to}`, `Subject: ${message.subject}`, '', message.text, ''].join(
      '\n',
    );
    await writeFile(file, body, { mode: 0o600 });
    log.info({ file }, `mail written to the outbox: ${message.subject}`);
  }
}
