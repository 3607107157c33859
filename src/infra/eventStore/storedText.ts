import type { RecordedEvent } from '../../ports/eventStore.js';
import { rememberDataText } from '../../ports/eventText.js';

/**
 * A recorded event of a store that keeps its data as JSON text: the data is parsed on its first read, and the
 * text stays known (`eventDataText`), so a reader that passes the data on to another thread sends the text and
 * never parses it. Setting `data` replaces it, as on a plain event.
 */
export function eventWithStoredData(event: Omit<RecordedEvent, 'data'>, text: string): RecordedEvent {
  let data: unknown;
  let parsed = false;
  const recorded: RecordedEvent = {
    ...event,
    get data(): unknown {
      if (!parsed) {
        data = JSON.parse(text) as unknown;
        parsed = true;
      }
      return data;
    },
    set data(value: unknown) {
      data = value;
      parsed = true;
    },
  };
  rememberDataText(recorded, text);
  return recorded;
}
