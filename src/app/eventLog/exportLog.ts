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

export interface ExportProgress extends LogProgress {
  /** Position of the last event exported so far (START before the first). */
  lastPosition: Position;
}

/**
 * The whole event log as NDJSON lines (each ending in `\n`), in global order, up to the head it finds when it
 * starts: events appended meanwhile are left for a later export.
 */
export async function* exportLog(eventStore: EventStore, onProgress: (progress: ExportProgress) => void = () => {}): AsyncGenerator<string> {
  const head = await eventStore.headPosition();
  const distance = (to: Position) => Number(eventStore.distance?.(START, to) ?? to);
  const total = distance(head);
  let events = 0;
  let lastPosition = START;
  for (let from = START; from < head; ) {
    const page = await eventStore.readAll({ from, maxCount: PAGE_SIZE });
    const inRange = page.events.filter((event) => event.position <= head);
    if (inRange.length > 0) yield inRange.map((event) => `${exportedLine(event)}\n`).join('');
    events += inRange.length;
    lastPosition = inRange.at(-1)?.position ?? lastPosition;
    const next = page.scannedTo < head ? page.scannedTo : head;
    onProgress({ events, done: distance(next), total, lastPosition });
    if (next <= from) return;
    from = next;
  }
}
