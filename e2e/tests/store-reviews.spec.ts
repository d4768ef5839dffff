import { expect, type Page, test } from "@playwright/test";
import { axeResults } from "../support/a11y";
import { E2E_BASE_URL } from "../support/ports";
import { type DemoApi, demoApi } from "./public-api";

/**
 * Reviews of the shop itself: on a phone, the form of an order of two products asks 'Votre expérience
 * avec …' first and sends it on its own, then the product; the order's other product is a link away.
 * Once published, the public page opens with the store rating and its 'Boutique' / 'Produits' switch
 * works without JavaScript.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

async function expectNoAxeViolations(page: Page) {
  const results = await axeResults(page);
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

test.describe.configure({ mode: "serial" });

let demo: DemoApi;
let headers: Record<string, string> = {};
let companyName = "";
let slug = "";
let reviewUrls: string[] = [];
const stamp = Date.now();
const storeComment = `Colis soigné, livré en deux jours (${stamp}).`;
const productComment = `Théière superbe (${stamp}).`;

test.beforeAll(async () => {
  demo = await demoApi();
  const login = await demo.api.post("/api/v1/auth/login/", {
    data: { email: "demo@exemple.fr", password: "demo-certavis" },
  });
  headers = { Authorization: `Bearer ${((await login.json()) as { access: string }).access}` };
  const company = (await (await demo.api.get("/api/v1/company/", { headers })).json()) as {
    name: string;
    slug: string;
    store_reviews: boolean;
  };
  companyName = company.name;
  slug = company.slug;
  expect(company.store_reviews).toBe(true);
  const formId = await demo.defaultFormId();
  const first = await demo.createProduct(`Théière ${stamp}`, formId);
  const second = await demo.createProduct(`Tasses ${stamp}`, formId);
  const order = await demo.api.post("/api/v1/orders/", {
    headers: { "X-Api-Key": demo.apiKey },
    data: {
      items: [{ product_id: first }, { product_id: second }],
      buyer_email: `boutique.${stamp}@exemple.fr`,
      buyer_first_name: "Léa",
      buyer_last_name: "Bernard",
      reference: `E2E-STORE-${stamp}`,
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  reviewUrls = ((await order.json()) as { review_urls: string[] }).review_urls;
});

test.afterAll(async () => {
  // The demo company's page goes back to its products for the journeys that read it.
  await demo?.api.patch("/api/v1/company/", { headers, data: { store_reviews: false } });
  await demo?.dispose();
});

test("on a phone, the form asks about the shop first and sends it apart from the product", async ({
  browser,
}) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto(reviewUrls[0] ?? "");
  const store = page.getByRole("region", { name: "Avis sur la boutique" });
  await expect(store.getByText(`Votre expérience avec ${companyName}`)).toBeVisible();
  // The shop's question comes before the product's form.
  const storeBox = await store.boundingBox();
  const productBox = await page.getByText("Produit acheté").boundingBox();
  expect(storeBox && productBox && storeBox.y < productBox.y).toBe(true);
  await expect(page.getByRole("link", { name: `Donner mon avis sur Tasses ${stamp}` })).toBeVisible();
  await expectNoAxeViolations(page);

  await store.getByRole("button", { name: "Envoyer mon avis sur la boutique" }).click();
  await expect(store.getByText("Ce champ est obligatoire.")).toBeVisible();
  await store.getByLabel("5 sur 5").check({ force: true });
  await store.getByLabel("Commentaire (facultatif)").fill(storeComment);
  await store.getByRole("button", { name: "Envoyer mon avis sur la boutique" }).click();
  await expect(store.getByRole("status")).toHaveText(
    "Merci ! Votre avis sur la boutique est enregistré. Il sera publié après vérification.",
  );

  await page.getByLabel("4 sur 5").first().check({ force: true });
  await page
    .getByRole("textbox", { name: /commentaire/i })
    .last()
    .fill(productComment);
  await page.getByRole("button", { name: "Envoyer mon avis" }).click();
  await expect(page.getByRole("heading", { name: "Merci pour votre avis !" })).toBeVisible();
  await context.close();
});

test("the public page opens with the store rating; Boutique / Produits without JavaScript", async ({
  browser,
}) => {
  const list = async (subject: string) =>
    (
      (await (
        await demo.api.get(`/api/v1/company/reviews/?subject=${subject}&status=pending&limit=50`, { headers })
      ).json()) as { results: { id: string; comment: string | null }[] }
    ).results;
  const storeReview = (await list("store")).find((r) => r.comment === storeComment);
  const productReview = (await list("product")).find((r) => r.comment === productComment);
  expect(storeReview && productReview).toBeTruthy();
  await demo.approve(storeReview?.id ?? "");
  await demo.approve(productReview?.id ?? "");

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${E2E_BASE_URL}/avis/${slug}`);
  const views = page.getByRole("navigation", { name: "Avis sur" });
  await expect(views.getByRole("link", { name: "Boutique" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText(storeComment)).toBeVisible();
  await expect(page.getByText(productComment)).toHaveCount(0);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jsonLd["@type"]).toBe("OnlineStore");
  expect(jsonLd.aggregateRating.reviewCount).toBeGreaterThanOrEqual(1);

  await views.getByRole("link", { name: "Produits" }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/avis/${slug}/produits`);
  await expect(page.getByText(productComment)).toBeVisible();
  await expect(page.getByText(storeComment)).toHaveCount(0);
  await expect(
    page.getByRole("navigation", { name: "Avis sur" }).getByRole("link", { name: "Produits" }),
  ).toHaveAttribute("aria-current", "page");
  await context.close();

  const checked = await browser.newPage();
  await checked.goto(`${E2E_BASE_URL}/avis/${slug}`);
  await expectNoAxeViolations(checked);
  await checked.close();
});
