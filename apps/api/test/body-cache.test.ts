import { afterEach, describe, expect, it, vi } from "vitest";
import { createBodyCache } from "../src/modules/public/body-cache";

afterEach(() => {
  vi.useRealTimers();
});

function deferred() {
  let resolve!: (value: { body: string; etag: string }) => void;
  const promise = new Promise<{ body: string; etag: string }>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe("public body cache", () => {
  it("loads a missing entry once for every waiting request, then serves it fresh", async () => {
    const cache = createBodyCache({ freshMs: 5_000, staleMs: 60_000, maxEntries: 10 });
    const first = deferred();
    const loader = vi.fn(() => first.promise);
    const waiting = Array.from({ length: 20 }, () => cache.get("a", loader));
    first.resolve({ body: "1", etag: '"1"' });
    expect((await Promise.all(waiting)).map((v) => v.body)).toEqual(Array(20).fill("1"));
    expect(await cache.get("a", loader)).toEqual({ body: "1", etag: '"1"' });
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it("serves a stale entry while one refresh runs, then the refreshed one; too old waits", async () => {
    vi.useFakeTimers({ now: 0, toFake: ["Date"] });
    const cache = createBodyCache({ freshMs: 5_000, staleMs: 60_000, maxEntries: 10 });
    await cache.get("a", async () => ({ body: "1", etag: '"1"' }));
    vi.setSystemTime(6_000);
    const refresh = deferred();
    const loader = vi.fn(() => refresh.promise);
    expect((await cache.get("a", loader)).body).toBe("1");
    expect((await cache.get("a", loader)).body).toBe("1");
    expect(loader).toHaveBeenCalledTimes(1);
    refresh.resolve({ body: "2", etag: '"2"' });
    await refresh.promise;
    expect((await cache.get("a", loader)).body).toBe("2");
    vi.setSystemTime(200_000);
    expect((await cache.get("a", async () => ({ body: "3", etag: '"3"' }))).body).toBe("3");
  });

  it("drops a load that a clear() overtook, and forgets entries whose load failed", async () => {
    const cache = createBodyCache({ freshMs: 5_000, staleMs: 60_000, maxEntries: 10 });
    const slow = deferred();
    const before = cache.get("company-1|", () => slow.promise);
    cache.clear("company-1|");
    slow.resolve({ body: "old", etag: '"old"' });
    expect((await before).body).toBe("old");
    expect((await cache.get("company-1|", async () => ({ body: "new", etag: '"new"' }))).body).toBe("new");
    await expect(cache.get("b", () => Promise.reject(new Error("404")))).rejects.toThrow("404");
    expect((await cache.get("b", async () => ({ body: "ok", etag: '"ok"' }))).body).toBe("ok");
  });
});
