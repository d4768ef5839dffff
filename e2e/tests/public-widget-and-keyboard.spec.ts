import { expect, test } from "@playwright/test";
import { axeResults } from "../support/a11y";
import { E2E_BASE_URL } from "../support/ports";
import { type DemoApi, demoApi, type FormFieldInput, startHostPage } from "./public-api";

/**
 * Hostile review text rendered safely in the widget, and a review sent with the keyboard only.
 * Reviews are sent through the public endpoint (the form journey is public-review-journey.spec.ts).
 */

const SIMPLE_FORM: FormFieldInput[] = [
  { id: "note", type: "rating", label: "Votre note", required: true, page: 0, position: 0 },
  { id: "comment", type: "textarea", label: "Votre commentaire", required: false, page: 0, position: 1 },
];

test.describe.configure({ mode: "serial" });

let demo: DemoApi;
let productId = "";

test.beforeAll(async () => {
  demo = await demoApi();
  const formId = await demo.createForm(`Formulaire simple ${Date.now()}`, SIMPLE_FORM);
  productId = await demo.createProduct(`Lampe simple ${Date.now()}`, formId);
});

test.afterAll(async () => {
  await demo?.dispose();
});

function apiKeyOf(reviewUrl: string): string {
  return new URL(reviewUrl).searchParams.get("api_key") ?? "";
}

test("a review is sent with the keyboard only", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { reviewUrl } = await demo.createOrder(productId, `clavier-${Date.now()}@exemple.fr`);
  await page.goto(reviewUrl);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // Tab past the shop's own question into the product's rating group, then arrows: whole stars by
  // default, the 4th star is 4 out of 5.
  let onRadio = false;
  for (let i = 0; i < 30 && !onRadio; i++) {
    await page.keyboard.press("Tab");
    onRadio = await page.evaluate(() => {
      const active = document.activeElement as HTMLInputElement | null;
      return active?.type === "radio" && active.name === "note";
    });
  }
  expect(onRadio).toBe(true);
  await page.keyboard.press("Space");
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  await expect(
    page.getByRole("group", { name: "Votre note" }).getByRole("radio", { name: "4 sur 5" }),
  ).toBeChecked();
  await page.keyboard.press("Tab");
  await page.keyboard.type("Envoyé au clavier.");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Envoyer mon avis", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Merci pour votre avis !" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Merci pour votre avis !" })).toBeFocused();
});

test("hostile review text shows literally in the widget, safely", async ({ page, request }) => {
  const hostile = [
    `<script>window.__pwned = 1</script> <img src=x onerror="window.__pwned = 2"> ${Date.now()}`,
    `Super 😀🎉👍🏽 et en arabe : منتج رائع جدا ${Date.now()}`,
    `${"Très long avis. ".repeat(312)}Fin ${Date.now()}`.slice(0, 5000),
  ];
  for (const text of hostile) {
    const { reviewUrl } = await demo.createOrder(productId, `hostile-${Date.now()}@exemple.fr`);
    const sent = await request.post(`/api/v1/review/?api_key=${encodeURIComponent(apiKeyOf(reviewUrl))}`, {
      data: { answers: { note: 2, comment: text } },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  for (const review of await demo.reviews(productId, "pending")) await demo.approve(review.id);

  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(
    `${E2E_BASE_URL}/widget?company_id=${demo.companyId}&product_id=${productId}&show_header=1`,
  );
  const first = hostile[0] ?? "";
  await expect(page.getByText(first, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(hostile[1] ?? "").first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator("main img").count()).toBe(0);
  expect(dialogs).toEqual([]);

  // The 5,000-character comment is cut in its card and whole in its dialog.
  const long = hostile[2] ?? "";
  const card = page
    .getByRole("article")
    .filter({ hasText: long.slice(0, 140) })
    .first();
  await card.getByRole("button", { name: "Lire plus" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(".cw-comment")).toHaveText(long);
  const axe = await axeResults(page);
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await dialog.getByRole("button", { name: "Fermer" }).click();
  await expect(dialog).toBeHidden();
});

test("the plain iframe code of the spec (height 520, no loader) still shows the widget", async ({ page }) => {
  const src = `${E2E_BASE_URL}/widget?company_id=${demo.companyId}&product_id=${productId}&show_header=1&accent_color=%232563eb`;
  const host = await startHostPage(
    () => `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Boutique</title></head><body>
<iframe src="${src}" width="100%" height="520" style="border:0" title="Avis clients" loading="lazy"></iframe>
</body></html>`,
  );
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(host.url);
    const frame = page.frameLocator("iframe");
    await expect(frame.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(
      frame.getByText("Avis certifiés : collectés après une commande, puis modérés"),
    ).toBeVisible();
    await expect(frame.getByRole("article").first()).toBeVisible();
    // No loader: the frame keeps the height it was given.
    expect(await page.locator("iframe").evaluate((el) => el.getBoundingClientRect().height)).toBe(520);
  } finally {
    await host.close();
  }
});

test("the procedure page linked from the widget says how reviews are collected, checked and kept", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${E2E_BASE_URL}/widget?company_id=${demo.companyId}&product_id=${productId}`);
  const link = page.getByRole("link", { name: "Comment les avis sont-ils contrôlés ?" });
  await expect(link).toHaveAttribute("target", "_blank");
  const [procedure] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
  await expect(procedure).toHaveURL(/\/widget\/fonctionnement\?company_id=[0-9a-f-]{36}$/);
  // The company's own procedure page: its name and the rules the product enforces.
  await expect(procedure.getByText("Soupçon de faux avis")).toBeVisible();
  await expect(procedure.getByRole("heading", { level: 1 })).toContainText("collectés et contrôlés");
  for (const section of [
    "Collecte",
    "Modération",
    "Motifs de rejet",
    "Affichage",
    "Aucune modification",
    "Conservation",
  ]) {
    await expect(procedure.getByRole("heading", { level: 2, name: section })).toBeVisible();
  }
  await expect(procedure.getByText(/au plus tard \d+ jours/)).toBeVisible();
  const axe = await axeResults(procedure);
  expect(axe.violations.map((v) => v.id)).toEqual([]);
});
