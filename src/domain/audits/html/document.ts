import { load, type CheerioAPI } from 'cheerio';

/** A page as the structural analysis reads it. */
export interface AuditDocument {
  $: CheerioAPI;
  /** The markup as received: the doctype is judged on it, before the parser normalizes anything. */
  source: string;
  /** Codes of the HTML parse errors the markup causes (parse5: "duplicate-attribute", "eof-in-tag", ...). */
  parseErrors: string[];
  /** Response headers in lower case (X-Robots-Tag, Content-Type). */
  headers: Record<string, string>;
  /** The URL the page was answered from, to tell internal links from outbound ones. */
  url: string;
}

/**
 * Parses `html` the way a browser with scripting disabled does: a crawler that runs no JavaScript sees the
 * contents of `<noscript>` as markup.
 */
export function loadAuditDocument(html: string, page: { url: string; headers?: Record<string, string> }): AuditDocument {
  const parseErrors: string[] = [];
  const $ = load(html, { scriptingEnabled: false, onParseError: (error) => parseErrors.push(error.code) });
  return { $, source: html, parseErrors, headers: page.headers ?? {}, url: page.url };
}
