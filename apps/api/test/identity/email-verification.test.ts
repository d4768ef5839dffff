import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authHeaders,
  createTestApp,
  expectMatchesContract,
  TEST_DATABASES,
  type TestApp,
  uniqueEmail,
} from "../helpers";
import { api, codeOf, movableClock, registerByHttp } from "./support";

const INVALID = { code: ["Le code est invalide ou expiré."] };
const THROTTLED = { detail: "Veuillez attendre 1 minute avant de renvoyer un nouvel email." };

describe.each(TEST_DATABASES)("e-mail verification on %s", (kind) => {
  let t: TestApp;
  const clock = movableClock();

  beforeAll(async () => {
    t = await createTestApp({ kind, now: clock.now });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A new account by HTTP and the code of its registration mail. */
  async function newAccount() {
    const email = uniqueEmail("verif");
    const tokens = await registerByHttp(t, { email });
    const code = codeOf(await t.smtp.waitForMail((m) => m.to.includes(email)));
    return { email, code, headers: authHeaders(tokens.access) };
  }
  const verify = (headers: Record<string, string>, code: string) =>
    t.inject({ method: "POST", url: api("/auth/verify-email/"), headers, payload: { code } });
  const resend = (headers: Record<string, string>) =>
    t.inject({ method: "POST", url: api("/auth/resend-email-code/"), headers });
  const me = async (headers: Record<string, string>) =>
    (await t.inject({ method: "GET", url: api("/users/me/"), headers })).json();

  it("confirms the e-mail with the mailed code (any case)", async () => {
    const account = await newAccount();
    const res = await verify(account.headers, account.code.toLowerCase());
    expect(res.statusCode).toBe(204);
    expectMatchesContract(res, "authVerifyEmail");
    expect((await me(account.headers)).email_confirmed).toBe(true);
  });

  it("trims a pasted code before its length is checked (spaces and line breaks around it)", async () => {
    const account = await newAccount();
    const res = await verify(account.headers, ` \t${account.code} \r\n`);
    expect(res.statusCode, res.body).toBe(204);
    expect((await me(account.headers)).email_confirmed).toBe(true);
  });

  it("refuses a wrong code with the spec's message, then accepts the right one", async () => {
    const account = await newAccount();
    const wrong = account.code === "000000" ? "111111" : "000000";
    const res = await verify(account.headers, wrong);
    expect(res.statusCode).toBe(400);
    expect(expectMatchesContract(res, "authVerifyEmail")).toEqual(INVALID);
    expect((await verify(account.headers, "zz")).json()).toEqual(INVALID);
    expect((await verify(account.headers, account.code)).statusCode).toBe(204);
  });

  it("refuses an expired code (10 minutes)", async () => {
    const account = await newAccount();
    clock.advance(10 * 60_000 + 1000);
    const res = await verify(account.headers, account.code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(INVALID);
    expect((await me(account.headers)).email_confirmed).toBe(false);
  });

  it("kills a code after 5 wrong attempts, even the right code fails after that", async () => {
    const account = await newAccount();
    const wrong = account.code === "ABCDEF" ? "FEDCBA" : "ABCDEF";
    for (let i = 1; i <= 4; i++) expect((await verify(account.headers, wrong)).json()).toEqual(INVALID);
    const fifth = await verify(account.headers, wrong);
    expect(fifth.statusCode).toBe(400);
    expect(expectMatchesContract(fifth, "authVerifyEmail")).toEqual({
      code: ["Trop de tentatives. Demandez un nouveau code."],
    });
    const right = await verify(account.headers, account.code);
    expect(right.statusCode).toBe(400);
    expect((await me(account.headers)).email_confirmed).toBe(false);
  });

  it("counts concurrent guesses: no more than 5 are ever checked", async () => {
    const account = await newAccount();
    const guesses = Array.from({ length: 8 }, (_, i) => `00000${i}`).filter((g) => g !== account.code);
    await Promise.all(guesses.map((g) => verify(account.headers, g)));
    expect((await verify(account.headers, account.code)).statusCode).toBe(400);
  });

  it("resends at most once a minute (429 with the spec's message), and only the new code works", async () => {
    const account = await newAccount();
    const tooSoon = await resend(account.headers);
    expect(tooSoon.statusCode).toBe(429);
    expect(expectMatchesContract(tooSoon, "authResendEmailCode")).toEqual(THROTTLED);
    const retryAfter = Number(tooSoon.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    clock.advance(61_000);
    t.smtp.clear();
    const res = await resend(account.headers);
    expect(res.statusCode).toBe(204);
    expectMatchesContract(res, "authResendEmailCode");
    const fresh = codeOf(await t.smtp.waitForMail((m) => m.to.includes(account.email)));
    expect((await resend(account.headers)).json()).toEqual(THROTTLED);

    if (fresh !== account.code) {
      expect((await verify(account.headers, account.code)).json()).toEqual(INVALID);
    }
    expect((await verify(account.headers, fresh)).statusCode).toBe(204);
  });

  it("a new code restores the attempts after a code was exhausted", async () => {
    const account = await newAccount();
    const wrong = account.code === "ABCDEF" ? "FEDCBA" : "ABCDEF";
    for (let i = 0; i < 5; i++) await verify(account.headers, wrong);
    clock.advance(61_000);
    t.smtp.clear();
    expect((await resend(account.headers)).statusCode).toBe(204);
    const fresh = codeOf(await t.smtp.waitForMail((m) => m.to.includes(account.email)));
    expect((await verify(account.headers, fresh)).statusCode).toBe(204);
  });

  it("refuses to resend once confirmed, and verify is then a no-op", async () => {
    const account = await newAccount();
    await verify(account.headers, account.code);
    clock.advance(61_000);
    const res = await resend(account.headers);
    expect(res.statusCode).toBe(400);
    expect(expectMatchesContract(res, "authResendEmailCode")).toEqual({
      detail: "Votre adresse e-mail est déjà confirmée.",
    });
    expect((await verify(account.headers, account.code)).statusCode).toBe(204);
  });

  it("needs a signed-in user", async () => {
    const res = await t.inject({
      method: "POST",
      url: api("/auth/verify-email/"),
      payload: { code: "ABCDEF" },
    });
    expect(res.statusCode).toBe(401);
    expectMatchesContract(res, "authVerifyEmail");
    const again = await t.inject({ method: "POST", url: api("/auth/resend-email-code/") });
    expect(again.statusCode).toBe(401);
    expectMatchesContract(again, "authResendEmailCode");
  });
});
