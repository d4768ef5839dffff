export interface CachedBody {
  body: string;
  etag: string;
}

interface Entry {
  at: number;
  value: CachedBody | null;
  pending: Promise<CachedBody> | null;
}

/**
 * In-process cache of serialized bodies: fresh for `freshMs`, then served stale (up to `staleMs`)
 * while ONE background load refreshes it; a missing entry is loaded once however many requests wait
 * for it (no stampede on the database when an entry expires under load).
 */
export function createBodyCache(options: { freshMs: number; staleMs: number; maxEntries: number }) {
  const entries = new Map<string, Entry>();

  function load(key: string, entry: Entry, loader: () => Promise<CachedBody>): Promise<CachedBody> {
    const pending = loader().then(
      (value) => {
        // A clear() meanwhile dropped the entry: the result may predate it, keep it out.
        if (entries.get(key) === entry) Object.assign(entry, { at: Date.now(), value, pending: null });
        return value;
      },
      (error: unknown) => {
        if (entries.get(key) === entry) entries.delete(key);
        throw error;
      },
    );
    entry.pending = pending;
    return pending;
  }

  return {
    async get(key: string, loader: () => Promise<CachedBody>): Promise<CachedBody> {
      const now = Date.now();
      let entry = entries.get(key);
      if (entry?.value) {
        const age = now - entry.at;
        if (age < options.freshMs) return entry.value;
        if (age < options.staleMs) {
          if (!entry.pending) load(key, entry, loader).catch(() => {});
          return entry.value;
        }
      }
      if (entry?.pending) return entry.pending;
      if (!entry) {
        if (entries.size >= options.maxEntries) entries.clear();
        entry = { at: 0, value: null, pending: null };
        entries.set(key, entry);
      }
      return load(key, entry, loader);
    },
    /** Forgets the entries whose key starts with `prefix` (all without one). */
    clear(prefix?: string): void {
      if (prefix === undefined) entries.clear();
      else for (const key of [...entries.keys()]) if (key.startsWith(prefix)) entries.delete(key);
    },
  };
}
