import { describe, expect, it } from "vitest";
import { createMemoryStorage, createTokenStore, storageKeys } from "../src/token-store";

describe("token store", () => {
  it("writes the certavis.access and certavis.refresh keys of the given storage", () => {
    const storage = createMemoryStorage();
    const store = createTokenStore(storage);

    store.set({ access: "A1", refresh: "R1" });

    expect(storage.getItem("certavis.access")).toBe("A1");
    expect(storage.getItem("certavis.refresh")).toBe("R1");
    expect(storageKeys.checkoutSessionId).toBe("certavis.checkout_session_id");
    expect(createTokenStore(storage).get()).toEqual({ access: "A1", refresh: "R1" });
  });

  it("keeps the refresh token when only an access token is issued", () => {
    const store = createTokenStore(createMemoryStorage());
    store.set({ access: "A1", refresh: "R1" });
    store.set({ access: "A2" });
    expect(store.get()).toEqual({ access: "A2", refresh: "R1" });
  });

  it("clears both tokens and notifies subscribers until they unsubscribe", () => {
    const store = createTokenStore(createMemoryStorage());
    const seen: unknown[] = [];
    const unsubscribe = store.subscribe((tokens) => seen.push(tokens));

    store.set({ access: "A1", refresh: "R1" });
    store.clear();
    unsubscribe();
    store.set({ access: "A3", refresh: "R3" });

    expect(seen).toEqual([
      { access: "A1", refresh: "R1" },
      { access: null, refresh: null },
    ]);
  });

  it("falls back to memory when no storage is available (Node) or storage throws", () => {
    const inMemory = createTokenStore(undefined);
    inMemory.set({ access: "A1", refresh: "R1" });
    expect(inMemory.getAccess()).toBe("A1");

    const blocked = createTokenStore({
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => {},
    });
    expect(() => blocked.set({ access: "A1" })).not.toThrow();
    expect(blocked.getAccess()).toBeNull();
  });

  it("notifies the subscribers of every store sharing the same storage", () => {
    const storage = createMemoryStorage();
    const first = createTokenStore(storage);
    const second = createTokenStore(storage);
    const seen: unknown[] = [];
    first.subscribe((tokens) => seen.push(tokens));

    second.set({ access: "A9", refresh: "R9" });

    expect(seen).toEqual([{ access: "A9", refresh: "R9" }]);
    expect(first.get()).toEqual({ access: "A9", refresh: "R9" });
  });
});
