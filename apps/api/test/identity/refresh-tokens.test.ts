import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authHeaders,
  createTestApp,
  expectMatchesContract,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
} from "../helpers";
import { api, loginByHttp, movableClock } from "./support";

describe.each(TEST_DATABASES)("refresh tokens on %s", (kind) => {
  let t: TestApp;
  const clock = movableClock();

  beforeAll(async () => {
    t = await createTestApp({ kind, now: clock.now });
  });
  afterAll(async () => {
    await t?.close();
  });

  const refresh = (token: string) =>
    t.inject({ method: "POST", url: api("/auth/refresh/"), payload: { refresh: token } });
  const logout = (token: string) =>
    t.inject({ method: "POST", url: api("/auth/logout/"), payload: { refresh: token } });

  async function signIn() {
    const user = await registerVerifiedUser(t);
    const res = await loginByHttp(t, user.email, user.password);
    return expectMatchesContract<{ access: string; refresh: string }>(res, "authLogin");
  }

  it("rotates: each refresh answers a new pair whose refresh token works once", async () => {
    const first = await signIn();
    const res = await refresh(first.refresh);
    expect(res.statusCode).toBe(200);
    const second = expectMatchesContract<{ access: string; refresh: string }>(res, "authRefresh");
    expect(second.refresh).not.toBe(first.refresh);
    const me = await t.inject({ method: "GET", url: api("/users/me/"), headers: authHeaders(second.access) });
    expect(me.statusCode).toBe(200);
    const third = await refresh(second.refresh);
    expect(third.statusCode).toBe(200);
  });

  it("detects reuse: presenting a used refresh token revokes the whole family", async () => {
    const first = await signIn();
    const second = (await refresh(first.refresh)).json();
    const reused = await refresh(first.refresh);
    expect(reused.statusCode).toBe(401);
    expect(expectMatchesContract(reused, "authRefresh")).toEqual({
      detail: "Le jeton est invalide ou expiré.",
    });
    // The legitimate holder's newer token is revoked too: both must sign in again.
    const afterTheft = await refresh(second.refresh);
    expect(afterTheft.statusCode).toBe(401);
    expectMatchesContract(afterTheft, "authRefresh");
  });

  it("revokes only the family of the reused token, not the user's other sessions", async () => {
    const user = await registerVerifiedUser(t);
    const laptop = (await loginByHttp(t, user.email, user.password)).json();
    const phone = (await loginByHttp(t, user.email, user.password)).json();
    await refresh(laptop.refresh);
    expect((await refresh(laptop.refresh)).statusCode).toBe(401);
    expect((await refresh(phone.refresh)).statusCode).toBe(200);
  });

  it("lets only one of two concurrent refreshes with the same token succeed", async () => {
    const first = await signIn();
    const results = await Promise.all([refresh(first.refresh), refresh(first.refresh)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it("refuses an unknown or expired refresh token with 401", async () => {
    const unknown = await refresh("pas-un-jeton");
    expect(unknown.statusCode).toBe(401);
    expectMatchesContract(unknown, "authRefresh");
    const tokens = await signIn();
    clock.advance(31 * 24 * 3600 * 1000);
    const expired = await refresh(tokens.refresh);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ detail: "Le jeton est invalide ou expiré." });
  });

  it("logs out: the family is revoked, and logout is idempotent", async () => {
    const tokens = await signIn();
    const out = await logout(tokens.refresh);
    expect(out.statusCode).toBe(204);
    expectMatchesContract(out, "authLogout");
    expect((await refresh(tokens.refresh)).statusCode).toBe(401);
    expect((await logout(tokens.refresh)).statusCode).toBe(204);
    expect((await logout("inconnu")).statusCode).toBe(204);
    const missing = await t.inject({ method: "POST", url: api("/auth/logout/"), payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(expectMatchesContract(missing, "authLogout")).toEqual({ refresh: ["Ce champ est obligatoire."] });
  });
});
