// Outgoing mail. With SMTP settings (SMTP_URL, or SMTP_HOST and its port and login) nodemailer sends
// through that server. Without them a development start prints each mail on the console instead, so its
// link can still be followed, and a production start logs an error: the mail is not sent.
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { MailConfig } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Sends one mail; rejects when the SMTP server cannot be reached or refuses it. */
  send(message: MailMessage): Promise<void>;
  /**
   * Runs work that ends in a mail after the request that asked for it has been answered, so the answer
   * neither waits for the SMTP server nor shows by its timing whether a mail was sent. A failure is logged.
   */
  later(what: string, work: () => Promise<void>): void;
  /** Resolves once all work handed to `later` has finished (shutdown waits for it, and so do tests). */
  idle(): Promise<void>;
  /** Waits for that work, then closes the SMTP connection. */
  close(): Promise<void>;
}

export interface MailerOptions {
  log: FastifyBaseLogger;
  isProduction: boolean;
  /** Where a development start without SMTP shows its mails (the console). */
  print?: (text: string) => void;
}

// An unreachable SMTP server must not hold a mail (and shutdown) for nodemailer's default two minutes.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

function transportFor(smtp: NonNullable<MailConfig['smtp']>) {
  if ('url' in smtp) return nodemailer.createTransport({ url: smtp.url, ...TIMEOUTS });
  return nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass ?? '' } } : {}),
    ...TIMEOUTS,
  });
}

export function createMailer(config: MailConfig, options: MailerOptions): Mailer {
  const { log } = options;
  const print = options.print ?? ((text: string) => console.log(text));
  const transport = config.smtp ? transportFor(config.smtp) : null;
  const running = new Set<Promise<void>>();

  const send = async (message: MailMessage) => {
    if (transport) {
      await transport.sendMail({ from: config.from, ...message });
      return;
    }
    if (options.isProduction) {
      log.error(
        { to: message.to, subject: message.subject },
        'mail: no SMTP server is configured (SMTP_URL or SMTP_HOST); the mail was not sent',
      );
      return;
    }
    print(
      [
        '--- Mail not sent: no SMTP server is configured (SMTP_URL or SMTP_HOST). It reads: ---',
        `To: ${message.to}`,
        `Subject: ${message.subject}`,
        '',
        message.text,
        '--- end of mail ---',
      ].join('\n'),
    );
  };

  const idle = async () => {
    while (running.size > 0) await Promise.allSettled([...running]);
  };

  return {
    send,
    later(what, work) {
      const task = work().catch((err: unknown) => log.error({ err }, `mail: ${what} failed`));
      running.add(task);
      void task.finally(() => running.delete(task));
    },
    idle,
    async close() {
      await idle();
      transport?.close();
    },
  };
}
