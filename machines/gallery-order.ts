/**
 * 02 §4 Generation queue, "List ordering in the gallery": queue items first, then by created or
 * updated time, newest first. Within queue items, generating or pending come before success, then
 * error. Also: a successful queue item appears optimistically (its gallery record, once fetched,
 * replaces it, so the two are not shown twice) and deleted videos are hidden at once.
 */
import type { QueueItem } from './queue-items';

export interface GalleryRecord {
  id: string | number;
  kind: 'image' | 'video';
  created_at?: string | number;
  updated_at?: string | number;
}

export type GalleryEntry =
  | { from: 'queue'; item: QueueItem }
  | { from: 'gallery'; record: GalleryRecord };

const toMs = (t: string | number | undefined): number => {
  if (t === undefined) return 0;
  if (typeof t === 'number') return t;
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? 0 : ms;
};

/** Rank within queue items: generating/pending 0, success 1, error 2. */
export const queueStatusRank = (s: QueueItem['status']): number =>
  s === 'generating' || s === 'pending' ? 0 : s === 'success' ? 1 : 2;

const queueTime = (i: QueueItem) => Math.max(i.updatedAt ?? 0, i.created_at ?? 0);
const recordTime = (r: GalleryRecord) => Math.max(toMs(r.created_at), toMs(r.updated_at));

export function orderGallery(
  queueItems: readonly QueueItem[],
  records: readonly GalleryRecord[],
  options: { filter?: 'all' | 'image' | 'video'; hiddenIds?: ReadonlyArray<string | number> } = {},
): GalleryEntry[] {
  const filter = options.filter ?? 'all';
  const hidden = new Set((options.hiddenIds ?? []).map(String));
  const keep = (kind: 'image' | 'video') => filter === 'all' || filter === kind;

  const queue = queueItems
    .filter((i) => keep(i.type))
    .filter((i) => !hidden.has(String(i.videoId ?? i.imageId ?? '\u0000')))
    .slice()
    .sort((a, b) => queueStatusRank(a.status) - queueStatusRank(b.status) || queueTime(b) - queueTime(a));

  // A record already shown as a successful queue item is the same media: show it once (the queue one).
  const shownIds = new Set(
    queue.filter((i) => i.status === 'success').map((i) => `${i.type}:${String(i.type === 'video' ? i.videoId : i.imageId)}`),
  );
  const gallery = records
    .filter((r) => keep(r.kind))
    .filter((r) => !hidden.has(String(r.id)))
    .filter((r) => !shownIds.has(`${r.kind}:${String(r.id)}`))
    .slice()
    .sort((a, b) => recordTime(b) - recordTime(a));

  return [
    ...queue.map((item) => ({ from: 'queue' as const, item })),
    ...gallery.map((record) => ({ from: 'gallery' as const, record })),
  ];
}
