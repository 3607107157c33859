/**
 * Rendering for content checks: headless Chromium through playwright-core, every request of the page sent
 * through the audit fetcher and its SSRF guard.
 */
export { CHROMIUM_CANDIDATES, locateChromium } from './chromiumPath.js';
export { CHROMIUM_ARGS, RENDERER_ARGS, launchChromium, launchRendererBrowser, type BrowserProcess } from './browserProcess.js';
export { RENDER_DEFAULTS, createChromiumRenderer, type ChromiumRenderer, type ChromiumRendererOptions } from './chromiumRenderer.js';
export { RenderDeadlineError } from './renderDeadline.js';
export { createReportPrinter } from './reportPrinter.js';
