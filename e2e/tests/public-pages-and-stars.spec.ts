import { type APIRequestContext, expect, request, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y";
import { E2E_BASE_URL } from "../support/ports";
import { DEMO, type DemoApi, demoApi, PAGE_PROBE, startHostPage } from "./public-api";

/**
 * The reach of reviews (issue 24): the public review pages read without JavaScript (filter,
 * pagination, the company's reply, 404s), the product page's JSON-LD, axe, and the stars of a listing
 * page of another site filled by /embed.js with one request.
 */

test.describe.configure({ mode: "serial" });

let demo: DemoApi;
let owner: APIRequestContext;
let auth: Record<string, string>;
let slug = "";
let productId = "";
const stamp = Date.now();
const sku = `E2E-ETOILES-${stamp}`;
let lowReviewId = "";

test.beforeAll(async () => {
  // 21 reviews through the API (about 90 requests): past the 60 s of a hook at a load of 20.
  test.setTimeout(180_000);
  demo = await demoApi();
  owner = await request.newContext({ baseURL: E2E_BASE_URL });
  const login = await owner.post("/api/v1/auth/login/", { data: DEMO });
  auth = { Authorization: `Bearer ${((await login.json()) as { access: string }).access}` };
  slug = ((await (await owner.get("/api/v1/company/", { headers: auth })).json()) as { slug: string }).slug;
  const formId = await demo.createForm(`Formulaire public ${stamp}`, [
    { id: "note", type: "rating", label: "Votre note", required: true, page: 0, position: 0 },
    { id: "comment", type: "textarea", label: "Votre commentaire", required: false, page: 0, position: 1 },
  ]);
  productId = await demo.createProduct(`Lampe publique ${stamp}`, formId);
  const patched = await owner.patch(`/api/v1/company/products/${productId}/`, {
    headers: auth,
    data: { sku, gtin: "4006381333931", brand: "Maison Lumière", url: "https://boutique.exemple.fr/lampe" },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  // 21 reviews of the product: 20 × 5 stars, then the newest at 2 stars (a second page of one).
  for (let i = 0; i < 21; i++) {
    const { reviewUrl } = await demo.createOrder(productId, `public-${stamp}-${i}@exemple.fr`);
    const key = new URL(reviewUrl).searchParams.get("api_key") ?? "";
    const sent = await owner.post(`/api/v1/review/?api_key=${encodeURIComponent(key)}`, {
      data: { answers: { note: i === 20 ? 2 : 5, comment: i === 20 ? `Déçu ${stamp}` : `Parfaite ${i}` } },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const { id } = (await sent.json()) as { id: string };
    await demo.approve(id);
    if (i === 20) lowReviewId = id;
  }
  const reply = await owner.put(`/api/v1/company/reviews/${lowReviewId}/reply/`, {
    headers: auth,
    data: { body: `Nous sommes désolés ${stamp}.` },
  });
  expect(reply.status(), await reply.text()).toBe(200);
});

test.afterAll(async () => {
  await owner?.dispose();
  await demo?.dispose();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the product page pages, filters and shows the reply; unknown addresses are 404 pages", async ({
    page,
  }) => {
    const path = `/avis/${slug}/produits/${productId}`;
    const first = await page.goto(path);
    expect(first?.status()).toBe(200);
    await expect(
      page.getByRole("heading", { level: 1, name: `Avis sur Lampe publique ${stamp}` }),
    ).toBeVisible();
    await expect(page.locator("article")).toHaveCount(20);
    // Newest first: the 2-star review and its reply open the list, at its anchor.
    await expect(page.locator("article").first()).toHaveAttribute("id", `avis-${lowReviewId}`);
    await expect(page.locator(`#avis-${lowReviewId}`)).toContainText(`Nous sommes désolés ${stamp}.`);

    await page.getByRole("link", { name: "Page suivante" }).click();
    await expect(page).toHaveURL(`${E2E_BASE_URL}${path}?page=2`);
    await expect(page.locator("article")).toHaveCount(1);
    await expect(page.getByText("Page 2 sur 2")).toBeVisible();
    await page.getByRole("link", { name: "Page précédente" }).click();
    await expect(page.locator("article")).toHaveCount(20);

    await page.getByRole("link", { name: "Voir les avis 2 étoiles" }).click();
    await expect(page).toHaveURL(`${E2E_BASE_URL}${path}?note=2`);
    await expect(page.locator("article")).toHaveCount(1);
    await expect(page.getByText(`Déçu ${stamp}`)).toBeVisible();
    await page.getByRole("link", { name: "Voir tous les avis" }).click();
    await expect(page.locator("article")).toHaveCount(20);

    for (const missing of [
      `/avis/inconnue-${stamp}`,
      `/avis/${slug}/produits/00000000-0000-4000-8000-000000000000`,
      `${path}?page=3`,
    ]) {
      const response = await page.goto(missing);
      expect(response?.status(), missing).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Page introuvable" })).toBeVisible();
    }
  });

  test("the product page's JSON-LD is a schema.org Product with its ids, rating and reviews", async ({
    page,
  }) => {
    await page.goto(`/avis/${slug}/produits/${productId}`);
    const text = await page.locator('script[type="application/ld+json"]').textContent();
    const ld = JSON.parse(text ?? "{}");
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: `Lampe publique ${stamp}`,
      sku,
      gtin: "4006381333931",
      brand: { "@type": "Brand", name: "Maison Lumière" },
      url: "https://boutique.exemple.fr/lampe",
      aggregateRating: { "@type": "AggregateRating", reviewCount: 21 },
    });
    expect(ld.aggregateRating.ratingValue).toBeCloseTo(102 / 21, 1);
    expect(ld.review).toHaveLength(10);
    expect(ld.review[0]).toMatchObject({ "@type": "Review", reviewRating: { ratingValue: 2 } });
  });
});

test("the company's public page passes axe", async ({ page }) => {
  await page.goto(`/avis/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("a listing page of another site gets its stars from one request, without moving", async ({ page }) => {
  const host = await startHostPage(
    (origin) => `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Nos lampes</title></head>
<body style="margin:0;font:16px sans-serif"><main><h1>Nos lampes</h1><ul>
<li>Lampe publique <span id="known" data-certavis-stars data-company-id="${demo.companyId}" data-sku="${sku}" data-href="${origin}/avis/${slug}/produits/${productId}" style="display:inline-block;width:7.5em;height:1.25em;vertical-align:middle"></span> <span id="after-known">89,00 €</span></li>
<li>Lampe inconnue <span id="unknown" data-certavis-stars data-company-id="${demo.companyId}" data-sku="INCONNUE-${stamp}" style="display:inline-block;width:7.5em;height:1.25em;vertical-align:middle"></span> <span id="after-unknown">19,00 €</span></li>
</ul></main><script src="${origin}/embed.js?stars" async></script></body></html>`,
  );
  try {
    const ratings: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/v1/public/ratings/")) ratings.push(r.url());
    });
    await page.addInitScript(PAGE_PROBE);
    await page.goto(host.url);
    const priceBefore = await page.locator("#after-known").boundingBox();
    const stars = page.getByRole("link", { name: "4,9 sur 5, 21 avis" });
    await expect(stars).toBeVisible();
    await expect(stars).toHaveAttribute("href", `${E2E_BASE_URL}/avis/${slug}/produits/${productId}`);
    expect(ratings).toHaveLength(1);
    expect(new URL(ratings[0] ?? "").searchParams.get("skus")).toBe(`${sku},INCONNUE-${stamp}`);
    // Nothing moved: the price after the stars kept its place, the unreviewed span stays empty.
    expect(await page.locator("#after-known").boundingBox()).toEqual(priceBefore);
    await expect(page.locator("#unknown")).toBeEmpty();
    expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBe(0);
    await expect(page.locator("iframe")).toHaveCount(0);
    // The stars as drawn in the host's DOM (a named link, gradient-painted glyphs) pass axe too.
    await expectNoSeriousA11yViolations(page);
  } finally {
    await host.close();
  }
});
