import { START, type EventStore, type Position } from '../../ports/eventStore.js';
import { exportedLine } from './exportedEvent.js';

/** Events read per page of the log. */
const PAGE_SIZE = 1_000;

/** How far a copy has come, in the store's own unit (events on the embedded store): `done` of `total`. */
export interface LogProgress {
  events: number;
  done: number;
  total: number;
}

/**
 * The whole event log as NDJSON lines (each ending in `\n`), in global order, up to the head it finds when it
 * starts: events appended meanwhile are left for a later export.
 */
export async function* exportLog(eventStore: EventStore, onProgress: (progress: LogProgress) => void = () => {}): AsyncGenerator<string> {
  const head = await eventStore.headPosition();
  const distance = (to: Position) => Number(eventStore.distance?.(START, to) ?? to);
  const total = distance(head);
  let events = 0;
  for (let from = START; from < head; ) {
    const page = await eventStore.readAll({ from, maxCount: PAGE_SIZE });
    const inRange = page.events.filter((event) => event.position <= head);
    if (inRange.length > 0) yield inRange.map((event) => `${exportedLine(event)}\n`).join('');
    events += inRange.length;
    const next = page.scannedTo < head ? page.scannedTo : head;
    onProgress({ events, done: distance(next), total });
    if (next <= from) return;
    from = next;
  }
}
