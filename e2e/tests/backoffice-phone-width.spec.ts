import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y";

/**
 * Every back-office screen fits a 390 px phone: no route and none of the main dialogs scrolls sideways
 * (the demo account, so every screen has data; nothing is changed).
 */

const DEMO = { email: "demo@exemple.fr", password: "demo-certavis" } as const;
const WIDTH = 390;

test.use({ viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true });

/** How far the page reaches to the right (390 when nothing overflows). */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Every element wider than the screen inside the open dialog, for a readable failure. */
const dialogOverflow = (page: Page) =>
  page.evaluate((width) => {
    const dialog = document.querySelector('[role="dialog"], [role="alertdialog"]');
    if (!dialog) return ["no dialog"];
    const box = dialog.getBoundingClientRect();
    const wide =
      box.left < 0 || box.right > width ? [`dialog ${Math.round(box.left)}–${Math.round(box.right)}`] : [];
    return [...wide, ...(document.documentElement.scrollWidth > width ? ["page scrolls sideways"] : [])];
  }, WIDTH);

test("every route and the main dialogs fit a 390 px phone", async ({ page, request }) => {
  test.setTimeout(180_000);
  const login = await request.post("/api/v1/auth/login/", { data: DEMO });
  const { access } = (await login.json()) as { access: string };
  const headers = { Authorization: `Bearer ${access}` };
  const first = async (path: string) =>
    ((await (await request.get(`/api/v1${path}`, { headers })).json()) as { results: { id: string }[] })
      .results[0]?.id ?? "";
  const productId = await first("/company/products/?limit=1");
  const templateId = await first("/company/email-templates/?limit=1");
  const formId = await first("/company/forms/?limit=1");

  await page.goto("/login");
  await page.getByLabel("E-mail", { exact: true }).fill(DEMO.email);
  await page.getByLabel("Mot de passe").fill(DEMO.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("heading", { name: "Tableau de bord", level: 1 })).toBeVisible();

  const routes = [
    "/",
    "/reviews",
    "/reviews/insights",
    "/products",
    "/products/new",
    `/products/${productId}`,
    "/orders/import",
    "/email-templates",
    "/email-templates/new",
    `/email-templates/${templateId}`,
    "/forms",
    "/forms/new",
    `/forms/${formId}`,
    "/iframe",
    "/settings/teams",
    "/settings/subscription",
    "/settings/company",
    "/settings/privacy",
    "/settings/user",
  ];
  const wide: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expect(page.getByText("Chargement…")).toHaveCount(0);
    const width = await pageWidth(page);
    if (width > WIDTH) wide.push(`${route}: ${width} px`);
  }
  expect(wide).toEqual([]);

  // The review dialog: close and 'Valider l'avis' on screen.
  await page.goto("/reviews?status=pending");
  await page.getByRole("combobox", { name: "Statut" }).click();
  await page.getByRole("option", { name: "En attente" }).click();
  await page.getByRole("list", { name: /avis/i }).getByRole("button").first().click();
  const review = page.getByRole("dialog", { name: "Avis client" });
  await expect(review).toBeVisible();
  expect(await dialogOverflow(page)).toEqual([]);
  for (const name of ["Fermer", "Valider l'avis", "Rejeter"]) {
    await expect(review.getByRole("button", { name, exact: true })).toBeInViewport();
  }
  // Its buttons on a phone, each named by what it shows (axe with its label-in-name check).
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  // Every status: approved ones carry the reply editor, rejected ones their reason.
  await page.getByRole("combobox", { name: "Statut" }).click();
  await page.getByRole("option", { name: "Tous les statuts" }).click();
  await page.getByRole("list", { name: /avis/i }).getByRole("button").first().click();
  for (let i = 0; i < 6; i++) {
    await expect(review).toBeVisible();
    expect(await dialogOverflow(page), `review ${i + 1}`).toEqual([]);
    await expect(review.getByRole("button", { name: "Fermer", exact: true })).toBeInViewport();
    const next = review.getByRole("button", { name: "Avis suivant" });
    if (await next.isDisabled()) break;
    await next.click();
  }
  await page.keyboard.press("Escape");

  // The product's reviews, a template's preview, a form's preview, a deletion confirmation.
  await page.goto("/products");
  await page.getByRole("button", { name: /avis/i }).filter({ hasText: /^\d+/ }).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await dialogOverflow(page)).toEqual([]);
  await page.keyboard.press("Escape");

  await page.goto(`/email-templates/${templateId}`);
  await page
    .getByRole("button", { name: /Aperçu/ })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await dialogOverflow(page)).toEqual([]);
  await page.keyboard.press("Escape");

  await page.goto(`/forms/${formId}`);
  await page
    .getByRole("button", { name: /Aperçu/ })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await dialogOverflow(page)).toEqual([]);
  await page.keyboard.press("Escape");

  await page.goto("/products");
  await page
    .getByRole("button", { name: /Actions|Plus d'actions|Menu/ })
    .first()
    .click();
  await page.getByRole("menuitem", { name: "Supprimer" }).click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  expect(await dialogOverflow(page)).toEqual([]);
});
