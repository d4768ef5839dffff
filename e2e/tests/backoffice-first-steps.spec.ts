import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y";
import { codeOf, waitForMail } from "../support/mailbox";

/**
 * A new shop's first hour: the dashboard's 'Premiers pas' lists the five steps, each linked to its
 * screen and ticked from the shop's data; 'Documentation de l'API' opens the API's reference, every
 * file of it from our own origin; 'Masquer' (confirmed) hides the card for good.
 */

const password = "motdepasse-solide";

test("a new shop sees 'Premiers pas', ticks a step, reads the API's reference and hides the card", async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(120_000);
  const email = `premiers-pas-${Date.now()}@exemple.fr`;
  const started = new Date();
  const registered = await request.post("/api/v1/auth/register/", {
    data: { email, password, first_name: "Claire", last_name: "Martin" },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { access } = (await registered.json()) as { access: string };
  const headers = { Authorization: `Bearer ${access}` };
  const mail = await waitForMail({ to: email, subject: "code de vérification", after: started });
  const verified = await request.post("/api/v1/auth/verify-email/", {
    headers,
    data: { code: codeOf(mail) },
  });
  expect(verified.status(), await verified.text()).toBe(204);
  const company = await request.post("/api/v1/company/", { headers, data: { name: "Atelier Martin" } });
  expect(company.status(), await company.text()).toBe(201);
  const product = await request.post("/api/v1/company/products/", {
    headers,
    data: { name: "Lampe Aurore" },
  });
  expect(product.status(), await product.text()).toBe(201);

  await page.goto("/login");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Mot de passe").fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  const card = page.getByRole("region", { name: "Premiers pas" });
  await expect(card).toBeVisible();
  await expect(card).toContainText("1 étape sur 5 terminée");
  const steps = card.getByRole("listitem");
  await expect(steps).toHaveText([
    /Créer un produit \(terminé\)/,
    /Connecter votre boutique \(à faire\)/,
    /Personnaliser l'e-mail de demande \(à faire\)/,
    /Afficher les avis sur votre site \(à faire\)/,
    /Recevoir votre premier avis \(à faire\)/,
  ]);
  await expectNoSeriousA11yViolations(page);
  await card.getByRole("link", { name: "Afficher les avis sur votre site" }).click();
  await expect(page).toHaveURL(/\/iframe$/);
  await page.goBack();

  // The API's reference: rendered from the contract, nothing asked of another site.
  const elsewhere: string[] = [];
  context.on("request", (asked) => {
    const host = new URL(asked.url()).hostname;
    if (!["127.0.0.1", "localhost"].includes(host) && !asked.url().startsWith("data:"))
      elsewhere.push(asked.url());
  });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  const violations: string[] = [];
  const [docs] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("link", { name: /Documentation de l'API/ }).click(),
  ]);
  docs.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await expect(docs).toHaveURL(/\/api\/docs\/$/);
  await expect(docs.getByRole("link", { name: "company", exact: true })).toBeVisible({ timeout: 20_000 });
  expect(elsewhere).toEqual([]);
  expect(violations).toEqual([]);
  await docs.close();

  await card.getByRole("button", { name: "Masquer" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Masquer les premiers pas ?" });
  await expect(confirm.getByRole("button", { name: "Annuler" })).toBeFocused();
  await confirm.getByRole("button", { name: "Masquer" }).click();
  await expect(card).toBeHidden();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Tableau de bord", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Premiers pas" })).toHaveCount(0);
});
