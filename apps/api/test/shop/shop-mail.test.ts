import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies } from "../../src/db/schema";
import { manualClock } from "../../src/modules/pipeline";
import {
  authHeaders,
  createCompanyFor,
  createTestApp,
  expectMatchesContract,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
  type TestCompany,
} from "../helpers";

const DAY = 86_400_000;

/** The text a reader sees in an HTML part: tags, styles and attributes (hrefs) left out. */
const visibleText = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&");

describe.each(TEST_DATABASES)("the request e-mail looks like the shop's, on %s", (kind) => {
  const clock = manualClock(new Date());
  let t: TestApp;
  let company: TestCompany;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ kind, now: () => clock.now() });
    const owner = await registerVerifiedUser(t);
    company = await createCompanyFor(t, owner, { name: "Maison Lumière", planType: "CROISSANCE" });
    auth = authHeaders(owner.access);
    // A stored logo (its file is not needed: the e-mail only links to it).
    await t.ctx.db
      .update(companies)
      .set({ logoPath: "logos/maison.webp" })
      .where(eq(companies.id, company.id));
    const product = await t.inject({
      method: "POST",
      url: "/api/v1/company/products/",
      headers: auth,
      payload: {
        name: "Lampe Aurore",
        status: "active",
        sku: "LAMP-001",
        image_url: "https://cdn.exemple.fr/lampe.jpg",
        form_id: company.defaults.formId,
        email_request_template_id: company.defaults.requestTemplateId,
      },
    });
    expect(product.statusCode, product.body).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  const getCompany = async () => {
    const res = await t.inject({ method: "GET", url: "/api/v1/company/", headers: auth });
    expect(res.statusCode).toBe(200);
    return expectMatchesContract<{ contact_email: string }>(res, "companyGet");
  };

  it("contact_email defaults to the owner's address, refuses a non-address in French, keeps a new one", async () => {
    expect((await getCompany()).contact_email).toBe(company.owner.email);
    const bad = await t.inject({
      method: "PATCH",
      url: "/api/v1/company/",
      headers: auth,
      payload: { contact_email: "pas-une-adresse" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ contact_email: ["Saisissez une adresse e-mail valide."] });
    const ok = await t.inject({
      method: "PATCH",
      url: "/api/v1/company/",
      headers: auth,
      payload: { contact_email: " Bonjour@Maison-Lumiere.fr " },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(expectMatchesContract<{ contact_email: string }>(ok, "companyUpdate").contact_email).toBe(
      "bonjour@maison-lumiere.fr",
    );
  });

  it("sends HTML (logo, name, product card, 5 star links, 'Donner mon avis', no long link shown) and text with the link", async () => {
    const created = await t.inject({
      method: "POST",
      url: "/api/v1/orders/",
      headers: { "x-api-key": company.apiKey },
      payload: {
        sku: "LAMP-001",
        buyer_email: "lea.bernard@exemple.fr",
        buyer_first_name: "Léa",
        buyer_last_name: "Bernard",
        reference: "CMD-1",
        order_date: new Date(clock.now().getTime() - 10 * DAY).toISOString(),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const reviewUrl = expectMatchesContract<{ review_url: string }>(created, "ordersCreate").review_url;

    const mail = await t.smtp.waitForMail((m) => m.to.includes("lea.bernard@exemple.fr"), 10_000);
    expect(mail.from).toMatch(/^"?Maison Lumière"? </);
    expect(mail.headers["reply-to"]).toBe("bonjour@maison-lumiere.fr");
    expect(mail.text).toContain(reviewUrl);

    const html = mail.html;
    const href = reviewUrl.replace(/&/g, "&amp;");
    expect(html).toContain('<img src="http://certavis.test/uploads/logos/maison.webp"');
    expect(html).toContain('<strong style="font-size:20px">Maison Lumière</strong>');
    expect(html).toContain('<img src="https://cdn.exemple.fr/lampe.jpg" alt="Lampe Aurore"');
    const stars = [...html.matchAll(/<a href="([^"]+)" title="(\d) étoiles? sur 5"/g)].map((m) => [
      m[1],
      m[2],
    ]);
    // The store question comes first ('Avis sur la boutique', its own stars), then the product's.
    expect(stars).toEqual([
      ...[1, 2, 3, 4, 5].map((n) => [`${href}&amp;boutique=${n}`, String(n)]),
      ...[1, 2, 3, 4, 5].map((n) => [`${href}&amp;note=${n}`, String(n)]),
    ]);
    expect(html).toMatch(
      new RegExp(`<a href="${href.replace(/[?.]/g, "\\$&")}" style="[^"]+">Donner mon avis</a>`),
    );
    // 'Donner mon avis' once: the card's button (the template's own link reads otherwise).
    expect(visibleText(html).match(/Donner mon avis/g)).toHaveLength(1);
    expect(mail.text.match(/Donner mon avis/g) ?? []).toHaveLength(0);
    expect(visibleText(html)).not.toContain("create-reviews");
    expect(visibleText(html)).not.toContain("api_key");

    // The form the link opens: the company's contact behind 'Nous contacter'.
    const key = new URL(reviewUrl).searchParams.get("api_key") ?? "";
    const form = await t.inject({ method: "GET", url: `/api/v1/review/?api_key=${encodeURIComponent(key)}` });
    expect(form.statusCode).toBe(200);
    expect(
      expectMatchesContract<{ company: { contact_email: string | null } }>(form, "reviewFormGet").company
        .contact_email,
    ).toBe("bonjour@maison-lumiere.fr");
  });
});
