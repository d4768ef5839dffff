import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";
import { users } from "../../src/db/schema";
import { demoSeedWanted } from "../../src/seed/demo";
import { createTestDatabase, expectMatchesContract, TEST_DATABASES, useTestApp } from "../helpers";

describe.each(TEST_DATABASES)("server basics on %s", (kind) => {
  const t = useTestApp(kind);

  it("answers the health check once ready, matching the contract", async () => {
    const res = await t.current.inject({ method: "GET", url: "/api/v1/health/" });
    expect(res.statusCode).toBe(200);
    expect(expectMatchesContract(res, "healthGet")).toEqual({ status: "ok" });
  });

  it("answers 404 with a French detail for an unknown API path", async () => {
    const res = await t.current.inject({ method: "GET", url: "/api/v1/nope/" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: "Introuvable." });
  });

  it("maps validation errors to French field errors", async () => {
    const res = await t.current.inject({
      method: "POST",
      url: "/api/v1/auth/login/",
      payload: { email: "pas-un-email" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      email: ["Saisissez une adresse e-mail valide."],
      password: ["Ce champ est obligatoire."],
    });
    expectMatchesContract(res, "authLogin");
  });

  it("refuses a 10 MB JSON body with 413 and a French detail", async () => {
    const big = JSON.stringify({ email: "a@b.fr", password: "x".repeat(10 * 1024 * 1024) });
    const res = await t.current.inject({
      method: "POST",
      url: "/api/v1/auth/login/",
      headers: { "content-type": "application/json" },
      payload: big,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: "La requête est trop volumineuse." });
  });

  it("answers malformed JSON with 400, never 500", async () => {
    const res = await t.current.inject({
      method: "POST",
      url: "/api/v1/auth/login/",
      headers: { "content-type": "application/json" },
      payload: "{pas du json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: "Le corps de la requête n'est pas un JSON valide." });
  });

  it("requires a bearer token on protected operations", async () => {
    const res = await t.current.inject({ method: "GET", url: "/api/v1/users/me/" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: "Informations d'authentification non fournies." });
    const bad = await t.current.inject({
      method: "GET",
      url: "/api/v1/users/me/",
      headers: { authorization: "Bearer abc" },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ detail: "Le jeton est invalide ou expiré." });
  });
});

describe("security headers, CORS, static apps", () => {
  const t = useTestApp("pglite");

  it("sets a strict CSP refusing framing on the back-office and API", async () => {
    for (const url of ["/", "/settings/teams", "/api/v1/health/"]) {
      const res = await t.current.inject({ method: "GET", url });
      const csp = String(res.headers["content-security-policy"]);
      // The API's answers are data: their policy allows nothing at all.
      expect(csp).toContain(url.startsWith("/api/") ? "default-src 'none'" : "default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers["x-frame-options"]).toBe("DENY");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["strict-transport-security"]).toContain("max-age=");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    }
  });

  it("lets any site frame /widget", async () => {
    const res = await t.current.inject({ method: "GET", url: "/widget?company_id=x" });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers["content-security-policy"])).toContain("frame-ancestors *");
    expect(res.headers["x-frame-options"]).toBeUndefined();
    expect(res.headers["content-type"]).toContain("text/html");
  });

  it("serves an HTML page (build or placeholder) for SPA paths and /create-reviews", async () => {
    for (const url of ["/", "/products/123", "/create-reviews?api_key=abc", "/create-reviews/x"]) {
      const res = await t.current.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
    }
  });

  it("answers /embed.js with JavaScript", async () => {
    const res = await t.current.inject({ method: "GET", url: "/embed.js" });
    expect([200, 404]).toContain(res.statusCode);
    expect(res.headers["content-type"]).toContain("application/javascript");
  });

  it("allows CORS from the product's origins only, and from anywhere on /api/v1/public/", async () => {
    const own = await t.current.inject({
      method: "OPTIONS",
      url: "/api/v1/auth/login/",
      headers: { origin: t.current.publicUrl, "access-control-request-method": "POST" },
    });
    expect(own.headers["access-control-allow-origin"]).toBe(t.current.publicUrl);
    const other = await t.current.inject({
      method: "OPTIONS",
      url: "/api/v1/auth/login/",
      headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
    });
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
    const open = await t.current.inject({
      method: "GET",
      url: "/api/v1/public/reviews/?company_id=00000000-0000-0000-0000-000000000000",
      headers: { origin: "https://shop.example" },
    });
    expect(open.headers["access-control-allow-origin"]).toBe("*");
  });

  it("lists sent mails at /_dev/mailbox (HTML) and /_dev/mailbox.json", async () => {
    await t.current.ctx.mailer.send({
      to: "x@exemple.fr",
      subject: "Essai",
      text: "Lien http://certavis.test/verify-email?code=ABC123",
      html: "<p>Lien</p>",
      code: "ABC123",
    });
    const json = await t.current.inject({ method: "GET", url: "/_dev/mailbox.json" });
    expect(json.json()[0]).toMatchObject({
      subject: "Essai",
      code: "ABC123",
      links: ["http://certavis.test/verify-email?code=ABC123"],
    });
    const html = await t.current.inject({ method: "GET", url: "/_dev/mailbox" });
    expect(html.body).toContain("ABC123");
    expect(html.body).toContain("Essai");
    // and the real SMTP server got it too
    const mail = await t.current.smtp.waitForMail((m) => m.subject === "Essai");
    expect(mail.to).toEqual(["x@exemple.fr"]);
  });

  it("previews every e-mail with sample values at /_dev/emails, linked from the mailbox", async () => {
    const mailbox = await t.current.inject({ method: "GET", url: "/_dev/mailbox" });
    expect(mailbox.body).toContain('href="/_dev/emails"');
    const list = await t.current.inject({ method: "GET", url: "/_dev/emails" });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('href="/_dev/emails/request"');
    expect(list.body).toContain('href="/_dev/emails/verification-code"');
    const html = await t.current.inject({ method: "GET", url: "/_dev/emails/request" });
    expect(html.headers["content-type"]).toContain("text/html");
    expect(html.body).toContain("La Fromagerie Zoé");
    const text = await t.current.inject({ method: "GET", url: "/_dev/emails/request?part=text" });
    expect(text.headers["content-type"]).toContain("text/plain");
    expect(text.body).toContain("Vos produits :");
    expect((await t.current.inject({ method: "GET", url: "/_dev/emails/inconnu" })).statusCode).toBe(404);
  });
});

describe("startup and production", () => {
  it("answers 503 on the API until migrations and seed are done", async () => {
    const db = await createTestDatabase("pglite");
    const built = await buildApp({
      logger: false,
      database: db.database,
      config: { dataDir: "memory://", seedDemo: false },
    });
    const before = await built.app.inject({ method: "GET", url: "/api/v1/health/" });
    expect(before.statusCode).toBe(503);
    expectMatchesContract(before, "healthGet");
    await built.prepare();
    const after = await built.app.inject({ method: "GET", url: "/api/v1/health/" });
    expect(after.statusCode).toBe(200);
    await built.app.close();
    await db.dispose();
  });

  it("never seeds the demo in production unless SEED_DEMO=1, and then has no demo credentials to print", async () => {
    const db = await createTestDatabase("pglite");
    const built = await buildApp({
      logger: false,
      database: db.database,
      mailer: { send: async () => {}, close: async () => {} },
      config: { nodeEnv: "production", dataDir: "memory://", seedDemo: null },
    });
    await built.prepare();
    expect(built.ctx.state.demoSeeded).toBe(false);
    expect(await built.ctx.db.select().from(users)).toEqual([]);
    await built.app.close();
    await db.dispose();
    expect(demoSeedWanted({ nodeEnv: "production", seedDemo: true }, "postgres")).toBe(true);
    expect(demoSeedWanted({ nodeEnv: "production", seedDemo: null }, "pglite")).toBe(false);
    expect(demoSeedWanted({ nodeEnv: "development", seedDemo: null }, "pglite")).toBe(true);
    expect(demoSeedWanted({ nodeEnv: "development", seedDemo: false }, "pglite")).toBe(false);
  });

  it("has no dev mailbox in production", async () => {
    const db = await createTestDatabase("pglite");
    const built = await buildApp({
      logger: false,
      database: db.database,
      mailer: { send: async () => {}, close: async () => {} },
      config: { nodeEnv: "production", dataDir: "memory://", seedDemo: false },
    });
    await built.prepare();
    const res = await built.app.inject({ method: "GET", url: "/_dev/mailbox" });
    expect(res.statusCode).toBe(404);
    expect((await built.app.inject({ method: "GET", url: "/_dev/emails" })).statusCode).toBe(404);
    expect((await built.app.inject({ method: "GET", url: "/_dev/emails/request" })).statusCode).toBe(404);
    await built.app.close();
    await db.dispose();
  });
});
