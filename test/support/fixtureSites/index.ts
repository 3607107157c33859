/**
 * Local sites for audit tests: HTTP servers on 127.0.0.1 that behave like the sites audits meet (blocking
 * AI crawlers, failing robots.txt, challenging bots, rendering with JavaScript), and the pages they serve.
 */
export * from './crawlers.js';
export * from './pages.js';
export * from './server.js';
export * from './sites.js';
