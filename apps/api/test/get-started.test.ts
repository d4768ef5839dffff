/**
 * The dashboard's guided start ('Premiers pas'): each step is ticked from the company's own data, the
 * card is gone once every step is done, and 'Masquer' hides it for the company for good.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addMember,
  authHeaders,
  createCompanyFor,
  createProduct,
  createTestApp,
  expectMatchesContract,
  orderWithReview,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
} from "./helpers";

const api = (path: string) => `/api/v1${path}`;

interface GetStarted {
  visible: boolean;
  hidden: boolean;
  steps: { key: string; done: boolean }[];
}

describe.each(TEST_DATABASES)("the guided start on %s", (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function state(auth: Record<string, string>): Promise<GetStarted> {
    const res = await t.inject({ method: "GET", url: api("/company/get-started/"), headers: auth });
    return expectMatchesContract<GetStarted>(res, "companyGetStartedGet");
  }
  const done = (s: GetStarted) => s.steps.filter((step) => step.done).map((step) => step.key);

  it("ticks each step from the company's data, and is gone once every step is done", async () => {
    const company = await createCompanyFor(t, await registerVerifiedUser(t));
    const auth = authHeaders(company.owner.access);
    expect(await state(auth)).toEqual({
      visible: true,
      hidden: false,
      steps: ["product", "shop", "email_template", "widget", "first_review"].map((key) => ({
        key,
        done: false,
      })),
    });

    const product = await createProduct(t, auth, "Lampe Aurore");
    expect(done(await state(auth))).toEqual(["product"]);

    const order = await t.inject({
      method: "POST",
      url: api("/orders/"),
      headers: { "x-api-key": company.apiKey },
      payload: {
        product_id: product.id,
        buyer_email: "lea.bernard@exemple.fr",
        buyer_first_name: "Léa",
        buyer_last_name: "Bernard",
        reference: "CMD-1",
      },
    });
    expect(order.statusCode, order.body).toBe(201);
    expect(done(await state(auth))).toEqual(["product", "shop"]);

    // Moving the delay slider is no personalisation; rewriting the subject is.
    const template = api(`/company/email-templates/${company.defaults.requestTemplateId}/`);
    const delay = await t.inject({
      method: "PATCH",
      url: template,
      headers: auth,
      payload: { send_after: 5 },
    });
    expect(delay.statusCode, delay.body).toBe(200);
    expect(done(await state(auth))).not.toContain("email_template");
    const subject = await t.inject({
      method: "PATCH",
      url: template,
      headers: auth,
      payload: { subject: "Votre lampe vous plaît-elle ?" },
    });
    expect(subject.statusCode, subject.body).toBe(200);
    expect(done(await state(auth))).toEqual(["product", "shop", "email_template"]);

    // The back-office's own preview does not count; a page of another site does.
    const widget = `/widget?company_id=${company.id}`;
    await t.inject({ method: "GET", url: widget, headers: { referer: `${t.ctx.config.publicUrl}/iframe` } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(done(await state(auth))).not.toContain("widget");
    await t.inject({ method: "GET", url: widget, headers: { referer: "https://boutique.example/lampes" } });
    await expect.poll(async () => done(await state(auth))).toContain("widget");

    await orderWithReview(t, company.id, product.id, new Date(), {
      status: "pending",
      rating: 5,
      at: new Date(),
    });
    expect(await state(auth)).toMatchObject({ visible: false, hidden: false });
    expect(done(await state(auth))).toHaveLength(5);
  });

  it("ticks 'Connecter votre boutique' once a shop's platform is connected, before any order", async () => {
    const company = await createCompanyFor(t, await registerVerifiedUser(t));
    const auth = authHeaders(company.owner.access);
    const connected = await t.inject({
      method: "POST",
      url: api("/company/integrations/"),
      headers: auth,
      payload: { platform: "woocommerce", shop_url: "https://boutique.example" },
    });
    expect(connected.statusCode, connected.body).toBe(201);
    expect(done(await state(auth))).toEqual(["shop"]);
  });

  it("'Masquer' hides it for the whole company, for good", async () => {
    const company = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "CROISSANCE" });
    const auth = authHeaders(company.owner.access);
    const moderator = authHeaders((await addMember(t, company, "moderator")).access);
    const refused = await t.inject({
      method: "POST",
      url: api("/company/get-started/hide/"),
      headers: moderator,
    });
    expect(refused.statusCode).toBe(403);
    const hidden = await t.inject({ method: "POST", url: api("/company/get-started/hide/"), headers: auth });
    expect(expectMatchesContract<GetStarted>(hidden, "companyGetStartedHide")).toMatchObject({
      visible: false,
      hidden: true,
    });
    expect(await state(moderator)).toMatchObject({ visible: false, hidden: true });
  });

  it("serves the API's reference at /api/docs, every file from our origin under a strict CSP", async () => {
    const bare = await t.inject({ method: "GET", url: "/api/docs" });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe("/api/docs/");
    const page = await t.inject({ method: "GET", url: "/api/docs/" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    // Nothing loaded from another site: no absolute src or href in the page.
    expect(page.body).not.toMatch(/(src|href)="(https?:)?\/\//);
    const csp = String(page.headers["content-security-policy"]);
    const scripts = /script-src ([^;]+)/.exec(csp)?.[1]?.split(" ") ?? [];
    expect(scripts[0]).toBe("'self'");
    expect(scripts.slice(1).every((source) => /^'sha256-[A-Za-z0-9+/=]+'$/.test(source))).toBe(true);
    expect(scripts.length).toBeGreaterThan(1);
    expect(csp).not.toContain("unsafe-eval");

    const script = await t.inject({ method: "GET", url: "/api/docs/js/scalar.js" });
    expect(script.statusCode).toBe(200);
    expect(script.headers["content-type"]).toContain("javascript");
    const contract = await t.inject({ method: "GET", url: "/api/docs/openapi.json" });
    expect(contract.statusCode).toBe(200);
    expect(Object.keys(contract.json().paths)).toContain("/company/get-started/");
  });

  it("the API's reference is in French (its own texts, lang=\"fr\") and starts with the shop's API key", async () => {
    const page = await t.inject({ method: "GET", url: "/api/docs/" });
    expect(page.body).toMatch(/<html[^>]* lang="fr"/);
    const docs = (await t.inject({ method: "GET", url: "/api/docs/openapi.json" })).json();
    expect(docs.info.title).toBe("API Certavis");
    expect(docs.info.description).toMatch(/^## Votre clé API\n/);
    expect(docs.info.description).toContain("X-Api-Key");
    expect(docs.tags[0]).toEqual({
      name: "orders",
      description: "Commandes : envoi avec la clé API de l'entreprise, import CSV, liste.",
    });
    expect(Object.keys(docs.components.securitySchemes)[0]).toBe("apiKeyAuth");
    expect(docs.components.securitySchemes.apiKeyAuth.description).toBe(
      "La clé API de l'entreprise (Paramètres › Entreprise), pour `POST /orders/`.",
    );
    for (const tag of docs.tags) expect(tag.description, tag.name).not.toMatch(/\b(the|and|of)\b/i);
  });
});
