/** An e-mail as geolens sends it: plain text and HTML of the same content. */
export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe). */
  headers?: Record<string, string>;
  /** Files sent with the message (a report's PDF). */
  attachments?: Array<{ filename: string; contentType: string; content: Uint8Array }>;
}

/** Where alert e-mails and digests go (SMTP_URL); the adapter lives in src/infra/mail. */
export interface Mailer {
  send(email: Email): Promise<void>;
  close(): void;
}
