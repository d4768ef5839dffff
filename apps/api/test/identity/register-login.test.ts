import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authThrottles } from "../../src/db/schema";
import { purgeExpiredThrottles } from "../../src/modules/auth/throttle";
import {
  authHeaders,
  createTestApp,
  expectMatchesContract,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
  uniqueEmail,
} from "../helpers";
import { api, codeOf, loginByHttp, movableClock, registerByHttp } from "./support";

describe.each(TEST_DATABASES)("registration and sign-in on %s", (kind) => {
  let t: TestApp;
  const clock = movableClock();

  beforeAll(async () => {
    t = await createTestApp({ kind, now: clock.now });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("registers, answers 201 with tokens and mails the 6-character hex code", async () => {
    const email = uniqueEmail("inscription");
    const tokens = await registerByHttp(t, { email: email.toUpperCase() });
    const mail = await t.smtp.waitForMail((m) => m.to.includes(email));
    expect(mail.subject).toContain("code de vérification");
    expect(codeOf(mail)).toMatch(/^[0-9A-F]{6}$/);

    const me = await t.inject({ method: "GET", url: api("/users/me/"), headers: authHeaders(tokens.access) });
    expect(me.statusCode).toBe(200);
    expect(expectMatchesContract(me, "usersMeGet")).toMatchObject({
      email,
      first_name: "Claire",
      last_name: "Martin",
      email_confirmed: false,
      company: null,
      role: null,
    });
  });

  it("refuses an e-mail already used, whatever its case", async () => {
    const email = uniqueEmail("doublon");
    await registerByHttp(t, { email });
    const res = await t.inject({
      method: "POST",
      url: api("/auth/register/"),
      payload: { email: email.toUpperCase(), password: "motdepasse-2", first_name: "A", last_name: "B" },
    });
    expect(res.statusCode).toBe(400);
    expect(expectMatchesContract(res, "authRegister")).toEqual({
      email: ["Un utilisateur avec cette adresse e-mail existe déjà."],
    });
  });

  it("answers field errors in French for missing, short or blank fields", async () => {
    const res = await t.inject({
      method: "POST",
      url: api("/auth/register/"),
      payload: { email: "pas-un-email", password: "court", first_name: "" },
    });
    expect(res.statusCode).toBe(400);
    expect(expectMatchesContract(res, "authRegister")).toEqual({
      email: ["Saisissez une adresse e-mail valide."],
      password: ["Assurez-vous que ce champ comporte au moins 8 caractères."],
      first_name: ["Ce champ ne peut être vide."],
      last_name: ["Ce champ est obligatoire."],
    });
    const blank = await t.inject({
      method: "POST",
      url: api("/auth/register/"),
      payload: { email: uniqueEmail(), password: "motdepasse-solide", first_name: "  ", last_name: " " },
    });
    expect(blank.statusCode).toBe(400);
    expect(expectMatchesContract(blank, "authRegister")).toEqual({
      first_name: ["Ce champ ne peut être vide."],
      last_name: ["Ce champ ne peut être vide."],
    });
  });

  it("signs in with the e-mail in any case and returns a working pair", async () => {
    const user = await registerVerifiedUser(t);
    const res = await loginByHttp(t, `  ${user.email.toUpperCase()} `.trim(), user.password);
    expect(res.statusCode).toBe(200);
    const tokens = expectMatchesContract<{ access: string }>(res, "authLogin");
    const me = await t.inject({ method: "GET", url: api("/users/me/"), headers: authHeaders(tokens.access) });
    expect(me.json().id).toBe(user.id);
  });

  it("answers a wrong password and an unknown account exactly alike", async () => {
    const user = await registerVerifiedUser(t);
    const wrong = await loginByHttp(t, user.email, "pas-le-bon");
    const unknown = await loginByHttp(t, uniqueEmail("inconnu"), "pas-le-bon");
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(expectMatchesContract(res, "authLogin")).toEqual({
        non_field_errors: ["Identifiants invalides"],
      });
    }
    expect(wrong.body).toBe(unknown.body);
  });

  it("locks an address after 10 failed sign-ins for 15 minutes, even with the right password", async () => {
    const user = await registerVerifiedUser(t);
    for (let i = 0; i < 10; i++) {
      expect((await loginByHttp(t, user.email, `faux-${i}`)).statusCode).toBe(400);
    }
    const locked = await loginByHttp(t, user.email, user.password);
    expect(locked.statusCode).toBe(429);
    expect(expectMatchesContract(locked, "authLogin")).toEqual({
      detail: "Trop de tentatives de connexion. Veuillez réessayer dans 15 minutes.",
    });
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(800);
    // An unknown address is locked the same way (no enumeration through the lock).
    const ghost = uniqueEmail("fantome");
    for (let i = 0; i < 10; i++) await loginByHttp(t, ghost, "x");
    expect((await loginByHttp(t, ghost, "x")).statusCode).toBe(429);

    clock.advance(15 * 60_000 + 1000);
    expect((await loginByHttp(t, user.email, user.password)).statusCode).toBe(200);
  });

  it("purges the attempt counters whose window has ended, and only those", async () => {
    const ghost = uniqueEmail("balayage");
    await loginByHttp(t, ghost, "x");
    const counter = () =>
      t.ctx.db
        .select()
        .from(authThrottles)
        .where(eq(authThrottles.key, `login:${ghost}`));
    expect(await counter()).toHaveLength(1);
    clock.advance(30 * 60_000);
    await purgeExpiredThrottles(t.ctx.db, clock.now());
    expect(await counter()).toHaveLength(1);
    clock.advance(31 * 60_000);
    const fresh = uniqueEmail("recent");
    await loginByHttp(t, fresh, "x");
    expect(await purgeExpiredThrottles(t.ctx.db, clock.now())).toBeGreaterThanOrEqual(1);
    expect(await counter()).toHaveLength(0);
    const kept = await t.ctx.db
      .select()
      .from(authThrottles)
      .where(eq(authThrottles.key, `login:${fresh}`));
    expect(kept).toHaveLength(1);
  });

  it("forgets earlier failures after a successful sign-in", async () => {
    const user = await registerVerifiedUser(t);
    for (let i = 0; i < 9; i++) await loginByHttp(t, user.email, "faux");
    expect((await loginByHttp(t, user.email, user.password)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) await loginByHttp(t, user.email, "faux");
    expect((await loginByHttp(t, user.email, user.password)).statusCode).toBe(200);
  });
});

describe("per-IP rate limit of the sensitive identity endpoints", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimitPerIp: 3 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const cases: Array<[string, string, Record<string, unknown>]> = [
    ["authLogin", "/auth/login/", { email: "a@exemple.fr", password: "x" }],
    ["authRegister", "/auth/register/", { email: "pas-un-email", password: "x" }],
    ["authResetPassword", "/auth/reset-password/", { email: "a@exemple.fr" }],
    ["authResetPasswordConfirm", "/auth/reset-password/confirm/", { token: "x", password: "motdepasse" }],
    ["authVerifyEmail", "/auth/verify-email/", { code: "ABCDEF" }],
    ["authResendEmailCode", "/auth/resend-email-code/", {}],
  ];

  it.each(cases)(
    "%s answers 429 with a French detail past RATE_LIMIT_PER_IP",
    async (operationId, path, body) => {
      const ip = `10.0.0.${cases.findIndex((c) => c[0] === operationId) + 1}`;
      const call = () => t.inject({ method: "POST", url: api(path), payload: body, remoteAddress: ip });
      for (let i = 0; i < 3; i++) expect((await call()).statusCode).not.toBe(429);
      const res = await call();
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ detail: "Trop de requêtes. Veuillez réessayer dans un instant." });
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      if (operationId !== "authResendEmailCode" && operationId !== "authVerifyEmail") {
        expectMatchesContract(res, operationId);
      }
      // Another address is not affected.
      const other = await t.inject({
        method: "POST",
        url: api(path),
        payload: body,
        remoteAddress: "10.9.9.9",
      });
      expect(other.statusCode).not.toBe(429);
    },
  );
});
