import { afterEach, describe, expect, it, vi } from "vitest";
import { type CachedBytes, createBodyCache } from "../src/lib/body-cache";

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
    const waiting = Array.from({ length: 20 }, () => cache.get("c", "a", loader));
    first.resolve({ body: "1", etag: '"1"' });
    expect((await Promise.all(waiting)).map((v) => v.body)).toEqual(Array(20).fill("1"));
    expect(await cache.get("c", "a", loader)).toEqual({ body: "1", etag: '"1"' });
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it("serves a stale entry while one refresh runs, then the refreshed one; too old waits", async () => {
    vi.useFakeTimers({ now: 1_000, toFake: ["Date"] });
    const cache = createBodyCache({ freshMs: 5_000, staleMs: 60_000, maxEntries: 10 });
    await cache.get("c", "a", async () => ({ body: "1", etag: '"1"' }));
    vi.setSystemTime(7_000);
    const refresh = deferred();
    const loader = vi.fn(() => refresh.promise);
    expect((await cache.get("c", "a", loader)).body).toBe("1");
    expect((await cache.get("c", "a", loader)).body).toBe("1");
    expect(loader).toHaveBeenCalledTimes(1);
    refresh.resolve({ body: "2", etag: '"2"' });
    await new Promise((done) => setImmediate(done));
    expect((await cache.get("c", "a", loader)).body).toBe("2");
    vi.setSystemTime(201_000);
    expect((await cache.get("c", "a", async () => ({ body: "3", etag: '"3"' }))).body).toBe("3");
  });

  it("drops a load that a forget() overtook, and forgets entries whose load failed", async () => {
    const cache = createBodyCache({ freshMs: 5_000, staleMs: 60_000, maxEntries: 10 });
    const slow = deferred();
    const before = cache.get("company-1", "a", () => slow.promise);
    cache.forget("company-1");
    slow.resolve({ body: "old", etag: '"old"' });
    expect((await before).body).toBe("old");
    expect((await cache.get("company-1", "a", async () => ({ body: "new", etag: '"new"' }))).body).toBe(
      "new",
    );
    await expect(cache.get("c", "b", () => Promise.reject(new Error("404")))).rejects.toThrow("404");
    expect((await cache.get("c", "b", async () => ({ body: "ok", etag: '"ok"' }))).body).toBe("ok");
  });

  it("tells whether a body is still the one it would answer: fresh and not forgotten", async () => {
    vi.useFakeTimers({ now: 1_000, toFake: ["Date"] });
    const cache = createBodyCache({ freshMs: 5_000, staleMs: 60_000, maxEntries: 10 });
    const body = await cache.get("c", "a", async () => ({ body: "1", etag: '"1"' }));
    expect(cache.isCurrent(body)).toBe(true);
    expect(cache.isCurrent({ body: "1", etag: '"1"' })).toBe(false);
    vi.setSystemTime(6_001);
    expect(cache.isCurrent(body)).toBe(false);
    // The stale body is served while one refresh loads the next, which is current once loaded.
    expect(await cache.get("c", "a", async () => ({ body: "1b", etag: '"1b"' }))).toBe(body);
    await new Promise((done) => setImmediate(done));
    const refreshed = await cache.get("c", "a", async () => ({ body: "1c", etag: '"1c"' }));
    expect(refreshed.body).toBe("1b");
    expect(cache.isCurrent(refreshed)).toBe(true);
    const again = await cache.get("c", "b", async () => ({ body: "2", etag: '"2"' }));
    cache.forget("c");
    expect(cache.isCurrent(again)).toBe(false);
  });

  it("makes room by dropping the least recently used entry only", async () => {
    const cache = createBodyCache({ freshMs: 5_000, staleMs: 60_000, maxEntries: 3 });
    const loader = vi.fn(async () => ({ body: "1", etag: '"1"' }));
    for (const key of ["a", "b", "c", "a", "d"]) await cache.get("company-1", key, loader);
    expect(loader).toHaveBeenCalledTimes(4);
    await cache.get("company-1", "a", loader);
    await cache.get("company-1", "d", loader);
    expect(loader).toHaveBeenCalledTimes(4);
    await cache.get("company-1", "b", loader);
    expect(loader).toHaveBeenCalledTimes(5);
  });

  it("keeps at most maxBytes in all (gzip included), the least recently used dropped first", async () => {
    const cache = createBodyCache<CachedBytes>({
      freshMs: 5_000,
      staleMs: 60_000,
      maxEntries: 10,
      maxBytes: 10,
    });
    const loader = vi.fn(async () => ({ body: Buffer.from("1234"), etag: '"1"', gzipped: Buffer.from("5") }));
    for (const key of ["a", "b", "a", "c"]) await cache.get("c", key, loader);
    expect(loader).toHaveBeenCalledTimes(3);
    await cache.get("c", "a", loader);
    expect(loader).toHaveBeenCalledTimes(3);
    await cache.get("c", "b", loader);
    expect(loader).toHaveBeenCalledTimes(4);
  });

  it("forgets one group, not the others", async () => {
    const cache = createBodyCache({ freshMs: 5_000, staleMs: 60_000, maxEntries: 10 });
    const loader = vi.fn(async () => ({ body: "1", etag: '"1"' }));
    await cache.get("company-1", "a", loader);
    await cache.get("company-2", "a", loader);
    cache.forget("company-1");
    await cache.get("company-2", "a", loader);
    expect(loader).toHaveBeenCalledTimes(2);
    await cache.get("company-1", "a", loader);
    expect(loader).toHaveBeenCalledTimes(3);
  });
});
