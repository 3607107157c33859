/**
 * The dashboard's client routes (web/src/lib/routes.ts): each answers index.html, and the app picks the screen.
 * `test/web/routes.test.ts` checks that the path of every screen the app knows is one of them.
 */
export const CLIENT_ROUTE =
  /^\/(?:sign-in|setup|reports(?:\/[^/]+(?:\/(?:prompts|citations|recommendations|detection|agents|alerts)(?:\/[^/]+)?)?)?|audits(?:\/(?:crawlability|content)\/[^/]+)?|fan-outs(?:\/[^/]+)?|admin\/(?:workspace|team|webhooks(?:\/[^/]+)?))?\/?$/;
