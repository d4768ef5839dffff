/** Browser storage keys shared by every app (ARCHITECTURE / common contract). */
export const storageKeys = {
  access: "certavis.access",
  refresh: "certavis.refresh",
  checkoutSessionId: "certavis.checkout_session_id",
} as const;

export interface TokenPair {
  access: string | null;
  refresh: string | null;
}

/** What the auth endpoints return; `refresh` may be absent when the server does not rotate it. */
export interface IssuedTokens {
  access: string;
  refresh?: string | null;
}

export type TokenListener = (tokens: TokenPair) => void;

export interface TokenStore {
  getAccess(): string | null;
  getRefresh(): string | null;
  get(): TokenPair;
  /** Saves a new access token; the refresh token is replaced only when one is given. */
  set(tokens: IssuedTokens): void;
  clear(): void;
  /** Called after every change made through this store or, in a browser, by another tab. */
  subscribe(listener: TokenListener): () => void;
}

type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function createMemoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, String(value));
    },
    removeItem: (key) => {
      values.delete(key);
    },
  };
}

// Reading `localStorage` throws in sandboxed iframes and some privacy modes; it is absent in Node.
function defaultStorage(): KeyValueStorage {
  try {
    const storage = globalThis.localStorage;
    if (storage) return storage;
  } catch {
    // fall through to memory
  }
  return createMemoryStorage();
}

function isLocalStorage(storage: KeyValueStorage): boolean {
  try {
    return storage === globalThis.localStorage;
  } catch {
    return false;
  }
}

// Listeners are shared by every store over the same storage, so that a change made through one store
// (e.g. a client re-created with another base URL) reaches the subscribers of the others.
const listenersByStorage = new WeakMap<KeyValueStorage, Set<TokenListener>>();

function listenersOf(storage: KeyValueStorage): Set<TokenListener> {
  let listeners = listenersByStorage.get(storage);
  if (!listeners) {
    listeners = new Set();
    listenersByStorage.set(storage, listeners);
  }
  return listeners;
}

export function createTokenStore(storage: KeyValueStorage | undefined = defaultStorage()): TokenStore {
  const backend = storage ?? createMemoryStorage();
  const listeners = listenersOf(backend);
  const ownListeners = new Set<TokenListener>();

  const read = (key: string): string | null => {
    try {
      return backend.getItem(key) || null;
    } catch {
      return null;
    }
  };
  const write = (key: string, value: string | null) => {
    try {
      if (value === null) backend.removeItem(key);
      else backend.setItem(key, value);
    } catch {
      // storage full or blocked: the token is simply not kept
    }
  };

  const get = (): TokenPair => ({ access: read(storageKeys.access), refresh: read(storageKeys.refresh) });
  const notify = () => {
    const tokens = get();
    for (const listener of listeners) listener(tokens);
  };

  // Another tab changed the tokens: tell this store's subscribers (each store listens for its own).
  const onStorageEvent = (event: StorageEvent) => {
    if (event.key !== null && event.key !== storageKeys.access && event.key !== storageKeys.refresh) return;
    const tokens = get();
    for (const listener of ownListeners) listener(tokens);
  };
  const watchesOtherTabs = typeof window !== "undefined" && isLocalStorage(backend);

  return {
    getAccess: () => read(storageKeys.access),
    getRefresh: () => read(storageKeys.refresh),
    get,
    set(tokens) {
      write(storageKeys.access, tokens.access);
      if (tokens.refresh !== undefined) write(storageKeys.refresh, tokens.refresh);
      notify();
    },
    clear() {
      write(storageKeys.access, null);
      write(storageKeys.refresh, null);
      notify();
    },
    subscribe(listener) {
      if (ownListeners.size === 0 && watchesOtherTabs) window.addEventListener("storage", onStorageEvent);
      // Wrapped so that the same function subscribed twice gets two independent subscriptions.
      const entry: TokenListener = (tokens) => listener(tokens);
      ownListeners.add(entry);
      listeners.add(entry);
      return () => {
        ownListeners.delete(entry);
        listeners.delete(entry);
        if (ownListeners.size === 0 && watchesOtherTabs)
          window.removeEventListener("storage", onStorageEvent);
      };
    },
  };
}
