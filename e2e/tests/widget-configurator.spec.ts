import { expect, type Page, test } from "@playwright/test";
import { axeResults, expectNoSeriousA11yViolations } from "../support/a11y";
import { E2E_BASE_URL } from "../support/ports";
import { signInWithTokens } from "../support/sign-in";
import { DEMO, startHostPage } from "./public-api";

/**
 * The widget configurator (/iframe): the shop owner picks a product, copies the embed code, and the
 * code works on a page of another origin: the widget shows, resizes itself, and with data-jsonld="1"
 * the page's head carries exactly one valid schema.org Product block.
 */

test.describe.configure({ mode: "serial" });

interface PublicReviews {
  company: { id: string };
  products: { id: string; name: string; mean_note: number | null; reviews_count: number }[];
}

let reviewed: PublicReviews["products"][number];

test.beforeAll(async ({ request }) => {
  const login = await request.post("/api/v1/auth/login/", { data: DEMO });
  const { access } = (await login.json()) as { access: string };
  const company = (await (
    await request.get("/api/v1/company/", { headers: { Authorization: `Bearer ${access}` } })
  ).json()) as { id: string };
  const body = (await (
    await request.get(`/api/v1/public/reviews/?company_id=${company.id}`)
  ).json()) as PublicReviews;
  const product = body.products.find((p) => p.reviews_count > 0);
  expect(product, "a demo product with approved reviews").toBeTruthy();
  if (product) reviewed = product;
});

async function openConfigurator(page: Page) {
  await signInWithTokens(page, DEMO);
  await page.goto("/iframe");
  await expect(page.getByRole("heading", { name: "Iframe", level: 1 })).toBeVisible();
}

const copied = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

test("copy the /embed.js code of a product and load it on a page of another origin, with its JSON-LD", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: E2E_BASE_URL });
  await openConfigurator(page);
  await page.getByRole("combobox", { name: "Produit" }).click();
  await page.getByRole("option", { name: reviewed.name }).click();
  const preview = page.frameLocator('iframe[title="Aperçu"]');
  await expect(preview.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(preview.getByText(reviewed.name).first()).toBeVisible();
  // The product list closed (while it closes, the rest of the page is still aria-hidden for it).
  await expect(page.getByRole("listbox")).toHaveCount(0);

  // The configurator itself (the preview is the widget page, checked by its own journey), with axe's
  // label-in-name check: each copy button's name starts with what it shows.
  await expectNoSeriousA11yViolations(page, { exclude: ['iframe[title="Aperçu"]'] });
  // With the preview's frame this time, for landmarks only: the widget page's `main` and the
  // back-office's are told apart (axe landmark-unique, moderate, compares landmarks across frames).
  const landmarks = await axeResults(page, {
    options: { runOnly: { type: "rule", values: ["landmark-unique"] } },
  });
  const sameNamed = landmarks.violations.flatMap((v) =>
    v.nodes.map((n) =>
      [n.target, ...n.any.flatMap((c) => (c.relatedNodes ?? []).map((r) => r.target))]
        .map((target) => target.join(" "))
        .join(" ~ "),
    ),
  );
  expect(sameNamed).toEqual([]);

  // Keyboard: focus the copy button and press Enter.
  const copyScript = page.getByRole("button", { name: "Copier le code : Script (hauteur automatique)" });
  await copyScript.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Code copié" })).toBeVisible();
  const code = await copied(page);
  expect(code).toContain(`data-product-id="${reviewed.id}"`);
  expect(code).toContain('data-jsonld="1"');
  expect(code).toContain(`<script src="${E2E_BASE_URL}/embed.js" async></script>`);

  const host = await startHostPage(
    () => `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Boutique</title></head><body>
<h1>Lampe de la boutique</h1>
${code}
</body></html>`,
  );
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(host.url);
    const frame = page.frameLocator("iframe[data-certavis-frame]");
    await expect(frame.getByRole("article").first()).toBeVisible();
    // The loader gave the frame its content's height (not the 520 px placeholder).
    await expect
      .poll(() =>
        page.locator("iframe[data-certavis-frame]").evaluate((el) => el.getBoundingClientRect().height),
      )
      .not.toBe(520);

    const blocks = page.locator('head script[type="application/ld+json"]');
    await expect(blocks).toHaveCount(1);
    await expect.poll(async () => (await blocks.textContent())?.length ?? 0).toBeGreaterThan(0);
    const ld = JSON.parse((await blocks.textContent()) ?? "") as {
      "@context": string;
      "@type": string;
      name: string;
      aggregateRating: { ratingValue: number; reviewCount: number; bestRating: number };
      review: {
        "@type": string;
        author: { name: string };
        datePublished: string;
        reviewRating: { ratingValue: number };
      }[];
    };
    expect(ld["@context"]).toBe("https://schema.org");
    expect(ld["@type"]).toBe("Product");
    expect(ld.name).toBe(reviewed.name);
    expect(ld.aggregateRating.reviewCount).toBe(reviewed.reviews_count);
    expect(ld.aggregateRating.bestRating).toBe(5);
    expect(ld.review.length).toBe(Math.min(10, reviewed.reviews_count));
    for (const review of ld.review) {
      expect(review["@type"]).toBe("Review");
      expect(review.author.name).toMatch(/^\S+( \S\.)?$/);
      expect(review.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(review.reviewRating.ratingValue).toBeGreaterThanOrEqual(0);
      expect(review.reviewRating.ratingValue).toBeLessThanOrEqual(5);
    }
  } finally {
    await host.close();
  }
});

test("copy the spec's plain iframe code (all products, reviews only) and load it on a page of another origin", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: E2E_BASE_URL });
  await openConfigurator(page);
  await page.getByRole("switch").click();
  await page.getByRole("textbox", { name: "Code hexadécimal de la couleur d'accent" }).fill("#2563eb");
  await page.getByRole("button", { name: "Copier le code : Iframe simple" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Code copié" })).toBeVisible();
  const code = await copied(page);
  expect(code).toMatch(
    /^<iframe src="[^"]+show_header=0&amp;accent_color=%232563eb" width="100%" height="520"/,
  );

  const host = await startHostPage(
    () =>
      `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Boutique</title></head><body>${code}</body></html>`,
  );
  try {
    await page.goto(host.url);
    const frame = page.frameLocator("iframe");
    await expect(frame.getByRole("article").first()).toBeVisible();
    // Reviews only: no company header, the accent colour applied.
    await expect(frame.locator(".cw-header")).toHaveCount(0);
    expect(
      await frame.locator("main.cw").evaluate((el) => getComputedStyle(el).getPropertyValue("--cw-accent")),
    ).toBe("#2563eb");
    expect(await page.locator("iframe").evaluate((el) => el.getBoundingClientRect().height)).toBe(520);
    expect(await page.locator('script[type="application/ld+json"]').count()).toBe(0);
  } finally {
    await host.close();
  }
});
