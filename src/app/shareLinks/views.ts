import type { Doc, DocumentStore } from '../../ports/documentStore.js';

/**
 * How often each link was used, and its requests in the current minute. These counters are not derived from
 * events (a view is no decision), so they live beside the read models, where no rebuild resets them, and every
 * process counts in the same documents.
 */
export const SHARE_VIEWS_COLLECTION = 'shareViews';

/** Requests one token may make per minute. */
export const SHARE_REQUESTS_PER_MINUTE = 60;

interface ViewsDoc extends Doc {
  linkId: string;
  views?: number;
  lastViewedAt?: string;
  /** On the per-minute documents: the minute counted (`YYYY-MM-DDTHH:MM`). */
  minute?: string;
  requests?: number;
}

export interface LinkViews {
  views: number;
  lastViewedAt: string | null;
}

const minuteOf = (now: Date): string => now.toISOString().slice(0, 16);

/** Counts a request of `linkId` at `now`; false when the link has had its requests for this minute (the request is not a view). */
export async function countShareRequest(store: DocumentStore, linkId: string, now: Date): Promise<boolean> {
  const views = store.collection<ViewsDoc>(SHARE_VIEWS_COLLECTION);
  const minute = minuteOf(now);
  const counted = await views.findOneAndUpdate({ _id: `${linkId}@${minute}` }, { $inc: { requests: 1 }, $setOnInsert: { linkId, minute } }, { upsert: true });
  const requests = counted?.requests ?? 1;
  if (requests === 1) await views.deleteMany({ linkId, minute: { $lt: minute } });
  if (requests > SHARE_REQUESTS_PER_MINUTE) return false;
  await views.updateOne({ _id: linkId }, { $inc: { views: 1 }, $set: { lastViewedAt: now.toISOString() }, $setOnInsert: { linkId } }, { upsert: true });
  return true;
}

/** The views of each link, by link id (links never viewed are absent). */
export async function linkViews(store: DocumentStore, linkIds: readonly string[]): Promise<Map<string, LinkViews>> {
  const found = await store.collection<ViewsDoc>(SHARE_VIEWS_COLLECTION).find({ _id: { $in: [...linkIds] } });
  return new Map(found.map((doc) => [doc._id, { views: doc.views ?? 0, lastViewedAt: doc.lastViewedAt ?? null }]));
}
