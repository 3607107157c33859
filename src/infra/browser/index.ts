/**
 * Rendering for content checks: headless Chromium through playwright-core, every request of the page sent
 * through the audit fetcher and its SSRF guard.
 */
export {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  createChromiumRenderer,
  launchChromium,
  type ChromiumRenderer,
  type ChromiumRendererOptions,
} from './chromiumRenderer.js';
