/**
 * The JSON text an event's data was stored as, for stores that keep JSON text (the embedded one): a reader
 * that hands the data on to another thread sends the text and lets that thread parse it, so the data of an
 * event is never parsed on the thread that only passes it on. The store parses `data` on its first read.
 */
const dataTexts = new WeakMap<object, string>();

export function rememberDataText(event: object, text: string): void {
  dataTexts.set(event, text);
}

/** The event's data as stored JSON text, when its store kept it; undefined otherwise. */
export function eventDataText(event: object): string | undefined {
  return dataTexts.get(event);
}
