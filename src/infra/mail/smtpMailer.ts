import nodemailer from 'nodemailer';
import type { Mailer } from '../../ports/mailer.js';

export const MAIL_FROM = 'geolens <geolens@localhost>';

/** E-mail through the SMTP server of `SMTP_URL` (nodemailer; credentials, when any, in the URL). */
export function createSmtpMailer(smtpUrl: string, from = MAIL_FROM): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send({ to, subject, text, html, headers, attachments }) {
      const files = attachments?.map(({ filename, contentType, content }) => ({ filename, contentType, content: Buffer.from(content) }));
      await transport.sendMail({ from, to, subject, text, html, ...(headers ? { headers } : {}), ...(files ? { attachments: files } : {}) });
    },
    close: () => transport.close(),
  };
}
