/**
 * The JSON text of an answer, serialized once per answer object that the response cache holds (issue 24): a
 * held answer is frozen and served to many requests, and a 90-day `/stats` answer is half a megabyte, whose
 * serialization would otherwise cost more than the rest of a cached request. Other answers are serialized as
 * express's `response.json` does (no replacer, no spaces), so every answer's bytes are the same either way.
 */
const serializedHeld = new WeakMap<object, string>();

export function jsonBody(body: unknown): string {
  if (body === null || typeof body !== 'object' || !Object.isFrozen(body)) return JSON.stringify(body);
  let text = serializedHeld.get(body);
  if (text === undefined) {
    text = JSON.stringify(body);
    serializedHeld.set(body, text);
  }
  return text;
}
