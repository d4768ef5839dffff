import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseTrustProxy } from "../../src/env";
import { createTestApp, registerVerifiedUser, type TestApp } from "../helpers";
import { api } from "../identity/support";

let attempt = 0;
/** A failed sign-in on a new address each time: only the per-IP limit can answer 429. */
const failedLogin = (t: TestApp, headers: Record<string, string>, remoteAddress = "192.0.2.10") =>
  t.inject({
    method: "POST",
    url: api("/auth/login/"),
    payload: { email: `personne-${++attempt}@exemple.fr`, password: "faux" },
    headers,
    remoteAddress,
  });

describe("TRUST_PROXY: the client cannot choose its own address", () => {
  it("parses a hop count or CIDRs, defaults to none and refuses 'true'", () => {
    expect(parseTrustProxy(null)).toBe(false);
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy("10.0.0.0/8, 127.0.0.1")).toEqual(["10.0.0.0/8", "127.0.0.1"]);
    expect(() => parseTrustProxy("true")).toThrow("TRUST_PROXY=true");
  });

  describe("default (trust none)", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ config: { rateLimitPerIp: 30 } });
    });
    afterAll(async () => t?.close());

    it("a forged X-Forwarded-For per request still meets 429 at the 31st sign-in", async () => {
      const codes: number[] = [];
      for (let i = 0; i < 35; i++) {
        codes.push((await failedLogin(t, { "x-forwarded-for": `203.0.113.${i + 1}` })).statusCode);
      }
      expect(codes.slice(0, 30).every((code) => code === 400)).toBe(true);
      expect(codes.slice(30)).toEqual([429, 429, 429, 429, 429]);
    });
  });

  describe("TRUST_PROXY=1 (one load balancer)", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ config: { rateLimitPerIp: 5, trustProxy: 1 } });
    });
    afterAll(async () => t?.close());

    it("counts the address the proxy saw, whatever the client wrote to the left of it", async () => {
      const codes: number[] = [];
      for (let i = 0; i < 7; i++) {
        const headers = { "x-forwarded-for": `198.51.100.${i}, 203.0.113.50` };
        codes.push((await failedLogin(t, headers, "10.0.0.2")).statusCode);
      }
      expect(codes).toEqual([400, 400, 400, 400, 400, 429, 429]);
      const other = await failedLogin(t, { "x-forwarded-for": "203.0.113.51" }, "10.0.0.2");
      expect(other.statusCode).toBe(400);
    });
  });
});

describe("failed sign-ins lock a client out of an account, never the account's owner", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const login = (email: string, password: string, remoteAddress: string) =>
    t.inject({ method: "POST", url: api("/auth/login/"), payload: { email, password }, remoteAddress });

  it("10 wrong passwords from one address lock that address only; the owner elsewhere signs in", async () => {
    const user = await registerVerifiedUser(t);
    for (let i = 0; i < 10; i++)
      expect((await login(user.email, `faux-${i}`, "198.51.100.66")).statusCode).toBe(400);
    const locked = await login(user.email, user.password, "198.51.100.66");
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      detail: "Trop de tentatives de connexion. Veuillez réessayer dans 15 minutes.",
    });
    expect((await login(user.email, user.password, "203.0.113.9")).statusCode).toBe(200);
  });

  it("wrong passwords from changing addresses slow attempts down instead of locking", async () => {
    const user = await registerVerifiedUser(t);
    for (let i = 0; i < 12; i++)
      expect((await login(user.email, "faux", `198.51.100.${100 + i}`)).statusCode).toBe(400);
    const started = performance.now();
    const owner = await login(user.email, user.password, "203.0.113.10");
    const waited = performance.now() - started;
    expect(owner.statusCode).toBe(200);
    // 13th attempt on the account: 3 over the limit of 10, 250 ms each.
    expect(waited).toBeGreaterThanOrEqual(740);
    expect(waited).toBeLessThan(3000);
    // The owner's success cleared the count: the next attempt is not slowed.
    const next = performance.now();
    expect((await login(user.email, "faux", "198.51.100.200")).statusCode).toBe(400);
    expect(performance.now() - next).toBeLessThan(700);
  });
});
