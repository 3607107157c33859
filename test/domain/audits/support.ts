import { loadAuditDocument, type AuditDocument } from '../../../src/domain/audits/index.js';

export const PAGE_URL = 'https://acme.test/blog/post';

/** A document parsed from `html` as answered from PAGE_URL. */
export const documentOf = (html: string, headers: Record<string, string> = {}): AuditDocument =>
  loadAuditDocument(html, { url: PAGE_URL, headers });

/** A well-formed page around `head` and `body` markup, so a test varies only what it is about. */
export const pageWith = ({ head = '', body = '' }: { head?: string; body?: string }): AuditDocument =>
  documentOf(`<!DOCTYPE html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`);

/** `count` words of filler prose: "word1 word2 ...". */
export const words = (count: number): string => Array.from({ length: count }, (_, index) => `word${index + 1}`).join(' ');
