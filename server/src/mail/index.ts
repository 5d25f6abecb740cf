export { createMailer } from './mailer.ts';
export type { MailMessage, Mailer } from './mailer.ts';
