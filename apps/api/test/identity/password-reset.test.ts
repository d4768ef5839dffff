import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  expectMatchesContract,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
  uniqueEmail,
} from "../helpers";
import { api, linkToken, loginByHttp, movableClock } from "./support";

const INVALID_TOKEN = { token: ["Le lien de réinitialisation est invalide ou a expiré."] };

describe.each(TEST_DATABASES)("password reset on %s", (kind) => {
  let t: TestApp;
  const clock = movableClock();

  beforeAll(async () => {
    t = await createTestApp({ kind, now: clock.now });
  });
  afterAll(async () => {
    await t?.close();
  });

  const ask = (email: string) =>
    t.inject({ method: "POST", url: api("/auth/reset-password/"), payload: { email } });
  const confirm = (token: string, password: string) =>
    t.inject({ method: "POST", url: api("/auth/reset-password/confirm/"), payload: { token, password } });
  const resetMails = (email: string) =>
    t.smtp.mailsTo(email).filter((m) => m.subject.startsWith("Réinitialisation"));

  /** Asks for a reset of `typed` (any case) and reads the token of the new mail. */
  async function askAndReadToken(typed: string) {
    const email = typed.toLowerCase();
    const before = resetMails(email).length;
    const res = await ask(typed);
    expect(res.statusCode).toBe(204);
    const mail = await t.smtp.waitForMail((m) => resetMails(email).indexOf(m) >= before);
    return linkToken(mail, "/reset-password");
  }

  it("answers 204 for an unknown address and sends nothing (no enumeration)", async () => {
    const email = uniqueEmail("inconnu");
    const res = await ask(email);
    expect(res.statusCode).toBe(204);
    expectMatchesContract(res, "authResetPassword");
    await new Promise((r) => setTimeout(r, 300));
    expect(t.smtp.mailsTo(email)).toHaveLength(0);
  });

  it("mails a /reset-password?token= link; the token sets the password and signs every session out", async () => {
    const user = await registerVerifiedUser(t);
    const token = await askAndReadToken(user.email.toUpperCase());
    const res = await confirm(token, "nouveau-mot-de-passe");
    expect(res.statusCode).toBe(204);
    expectMatchesContract(res, "authResetPasswordConfirm");

    expect((await loginByHttp(t, user.email, user.password)).statusCode).toBe(400);
    expect((await loginByHttp(t, user.email, "nouveau-mot-de-passe")).statusCode).toBe(200);
    const oldSession = await t.inject({
      method: "POST",
      url: api("/auth/refresh/"),
      payload: { refresh: user.refresh },
    });
    expect(oldSession.statusCode).toBe(401);
    await t.smtp.waitForMail((m) => m.to.includes(user.email) && m.subject.includes("a été modifié"));
  });

  it("uses a token once only", async () => {
    const user = await registerVerifiedUser(t);
    const token = await askAndReadToken(user.email);
    expect((await confirm(token, "premier-nouveau")).statusCode).toBe(204);
    const again = await confirm(token, "second-nouveau");
    expect(again.statusCode).toBe(400);
    expect(expectMatchesContract(again, "authResetPasswordConfirm")).toEqual(INVALID_TOKEN);
    expect((await loginByHttp(t, user.email, "premier-nouveau")).statusCode).toBe(200);
  });

  it("refuses an expired token (1 hour) and a token replaced by a newer request", async () => {
    const user = await registerVerifiedUser(t);
    const old = await askAndReadToken(user.email);
    const newer = await askAndReadToken(user.email);
    expect((await confirm(old, "mot-de-passe-x")).json()).toEqual(INVALID_TOKEN);
    clock.advance(60 * 60_000 + 1000);
    expect((await confirm(newer, "mot-de-passe-x")).json()).toEqual(INVALID_TOKEN);
    expect((await confirm("nimporte-quoi", "mot-de-passe-x")).json()).toEqual(INVALID_TOKEN);
  });

  it("checks the new password's length", async () => {
    const res = await confirm("abc", "court");
    expect(res.statusCode).toBe(400);
    expect(expectMatchesContract(res, "authResetPasswordConfirm")).toEqual({
      password: ["Assurez-vous que ce champ comporte au moins 8 caractères."],
    });
  });

  it("sends at most 3 reset mails per address per hour, still answering 204", async () => {
    const user = await registerVerifiedUser(t);
    for (let i = 0; i < 5; i++) expect((await ask(user.email)).statusCode).toBe(204);
    await t.smtp.waitForMail(() => resetMails(user.email).length >= 3);
    await new Promise((r) => setTimeout(r, 300));
    expect(resetMails(user.email)).toHaveLength(3);
  });

  it("lifts the failed sign-in lock once the password is reset", async () => {
    const user = await registerVerifiedUser(t);
    for (let i = 0; i < 11; i++) await loginByHttp(t, user.email, "faux");
    expect((await loginByHttp(t, user.email, user.password)).statusCode).toBe(429);
    const token = await askAndReadToken(user.email);
    expect((await confirm(token, "apres-verrou")).statusCode).toBe(204);
    expect((await loginByHttp(t, user.email, "apres-verrou")).statusCode).toBe(200);
  });
});
