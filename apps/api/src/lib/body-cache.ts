import { LRUCache } from "lru-cache";

export interface CachedBody {
  body: string;
  etag: string;
}

/** A body kept as bytes, with its gzip when kept that way too (see `sendCacheable`). */
export interface CachedBytes {
  body: string | Buffer;
  etag: string;
  gzipped?: Buffer;
}

/** What an entry may be: a body, or what a body is made from (with the ETag it will have). */
type Entry = { etag: string } & Partial<CachedBytes>;

/** The bytes an entry holds (a string's UTF-8 length: what `sendCacheable` sends). */
function sizeOf(value: Entry): number {
  const body = typeof value.body === "string" ? Buffer.byteLength(value.body) : (value.body?.length ?? 0);
  return Math.max(1, body + (value.gzipped?.length ?? 0));
}

type Loader<T> = () => Promise<T>;

/**
 * In-process cache of serialized bodies, bounded by `maxEntries` (the least recently used goes first):
 * fresh for `freshMs`, then served stale (up to `staleMs`) while ONE background load refreshes it; a
 * missing entry is loaded once however many requests wait for it (no stampede on the database when an
 * entry expires under load). Entries are grouped (by company) so that a group can be forgotten at once.
 * With `maxBytes`, the entries together hold at most that many bytes (one bigger is served, not kept).
 */
export function createBodyCache<T extends Entry = CachedBody>(options: {
  freshMs: number;
  staleMs: number;
  maxEntries: number;
  maxBytes?: number;
}) {
  const entries = new LRUCache<string, T, Loader<T>>({
    max: options.maxEntries,
    ...(options.maxBytes ? { maxSize: options.maxBytes, sizeCalculation: sizeOf } : {}),
    ttl: options.freshMs,
    allowStale: true,
    // A load overtaken by an eviction still answers the requests waiting for it.
    ignoreFetchAbort: true,
    fetchMethod: (_key, _stale, { context }) => context(),
    // Date.now on each check: cheaper than the timer lru-cache would set to reuse one reading.
    perf: Date,
    ttlResolution: 0,
    // A stale entry stays for `fetch` to serve while it reloads (see `get`).
    noDeleteOnStaleGet: true,
  });
  // A forgotten group's keys change: a load that started before `forget` can only fill an entry that
  // nobody asks for any more (the LRU drops it in time), never answer a later request.
  const generations = new Map<string, number>();
  let generation = 0;

  // Where each loaded value is kept (a background refresh's too), for `isCurrent`.
  const placeOf = new WeakMap<T, { group: string; key: string }>();
  const entryKeyOf = (group: string, key: string) => `${group}|${generations.get(group) ?? 0}|${key}`;

  return {
    async get(group: string, key: string, loader: Loader<T>): Promise<T> {
      const entryKey = entryKeyOf(group, key);
      // A fresh entry is the common case: read without the load's machinery.
      const fresh = entries.get(entryKey, { allowStale: false });
      if (fresh !== undefined) return fresh;
      // Older than `staleMs`, an entry is not served while it reloads: the request waits for the load.
      const allowStale = entries.getRemainingTTL(entryKey) > options.freshMs - options.staleMs;
      const load = async () => {
        const loaded = await loader();
        placeOf.set(loaded, { group, key });
        return loaded;
      };
      const value = await entries.fetch(entryKey, { context: load, allowStale });
      if (value === undefined) throw new Error("body cache: no body loaded");
      return value;
    },
    /** Whether `value` is what `get` would answer now without loading: fresh and not forgotten. */
    isCurrent(value: T): boolean {
      const place = placeOf.get(value);
      return (
        place !== undefined &&
        entries.get(entryKeyOf(place.group, place.key), { allowStale: false }) === value
      );
    },
    /** Forgets the entries of `group`. */
    forget(group: string): void {
      generation += 1;
      generations.set(group, generation);
    },
  };
}
