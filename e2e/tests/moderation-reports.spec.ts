import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y";
import { codeOf, waitForMail } from "../support/mailbox";
import { E2E_BASE_URL } from "../support/ports";
import { signInWithTokens } from "../support/sign-in";

/**
 * Moderation by Certavis, in the built product (ARCHITECTURE §10.19–20): a shop entrusts its
 * moderation to Certavis, a clean review is published at once; a visitor reports it from the public
 * page with JavaScript off (a plain form); the shop contests it from the back-office, where no
 * approve or reject control is left. axe on the report form and the contest dialog.
 */

test("a visitor reports a review without JavaScript; the shop contests it", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const account = { email: `moderation-${stamp}@exemple.fr`, password: "Moderation-2026!" };
  const started = new Date();
  const registered = await request.post("/api/v1/auth/register/", {
    data: { ...account, first_name: "Inès", last_name: "Moreau" },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { access } = (await registered.json()) as { access: string };
  const headers = { Authorization: `Bearer ${access}` };
  const mail = await waitForMail({ to: account.email, subject: "code de vérification", after: started });
  const verified = await request.post("/api/v1/auth/verify-email/", {
    headers,
    data: { code: codeOf(mail) },
  });
  expect(verified.status(), await verified.text()).toBe(204);
  expect(
    (await request.post("/api/v1/company/", { headers, data: { name: "Atelier Moreau" } })).status(),
  ).toBe(201);
  const moderation = await request.put("/api/v1/company/moderation/", {
    headers,
    data: { mode: "certavis" },
  });
  expect(moderation.status(), await moderation.text()).toBe(200);
  const company = (await (await request.get("/api/v1/company/", { headers })).json()) as {
    slug: string;
    api_key: string;
  };
  const forms = (await (await request.get("/api/v1/company/forms/", { headers })).json()) as {
    results: { id: string; is_default: boolean }[];
  };
  const product = await request.post("/api/v1/company/products/", {
    headers,
    data: { name: "Lampe Opale", status: "active", form_id: forms.results.find((f) => f.is_default)?.id },
  });
  expect(product.status(), await product.text()).toBe(201);
  const productId = ((await product.json()) as { id: string }).id;
  const order = await request.post("/api/v1/orders/", {
    headers: { "X-Api-Key": company.api_key },
    data: {
      product_id: productId,
      buyer_email: `acheteur-${stamp}@exemple.fr`,
      buyer_first_name: "Léa",
      buyer_last_name: "Bernard",
      reference: `MOD-${stamp}`,
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  const key = new URL(((await order.json()) as { review_url: string }).review_url).searchParams.get(
    "api_key",
  );
  const comment = `Lampe livrée cassée, vendeur injoignable ${stamp}.`;
  const submitted = await request.post(`/api/v1/review/?api_key=${encodeURIComponent(key ?? "")}`, {
    data: { answers: { rating: 1, comment } },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  expect(((await submitted.json()) as { status: string }).status).toBe("approved");

  // A visitor, JavaScript off: the public page's 'Signaler' leads to a plain form.
  const noScript = await browser.newContext({ baseURL: E2E_BASE_URL, javaScriptEnabled: false });
  const visitor = await noScript.newPage();
  await visitor.goto(`/avis/${company.slug}`);
  await expect(visitor.getByText("Modération indépendante par Certavis", { exact: false })).toBeVisible();
  const report = visitor
    .getByRole("article")
    .filter({ hasText: comment })
    .getByRole("link", { name: "Signaler" });
  const formPath = (await report.getAttribute("href")) ?? "";
  await report.click();
  await expect(visitor.getByRole("heading", { name: "Signaler cet avis" })).toBeVisible();
  await visitor.getByRole("radio", { name: "Ne relate pas une expérience réelle" }).check();
  await visitor
    .getByLabel("Explication")
    .fill("Cette personne n'a jamais reçu de lampe, c'est un concurrent.");
  await visitor.getByRole("button", { name: "Envoyer le signalement" }).click();
  await expect(visitor.getByRole("status")).toHaveText(
    "Merci : votre signalement a bien été reçu. Il sera examiné, et l'avis reste affiché pendant l'examen.",
  );
  await noScript.close();

  // The same form, checked by axe (which needs a script to run).
  const reportPage = await browser.newPage({ baseURL: E2E_BASE_URL });
  await reportPage.goto(formPath);
  await expect(reportPage.getByRole("heading", { name: "Signaler cet avis" })).toBeVisible();
  await expectNoSeriousA11yViolations(reportPage);
  await reportPage.close();

  // The shop: no approve or reject control; 'Contester cet avis' with a reason and an explanation.
  await signInWithTokens(page, account);
  await page.goto("/reviews");
  await page
    .getByRole("button", { name: /Léa Bernard/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Avis client" });
  await expect(dialog).toContainText(comment);
  await expect(dialog.getByRole("button", { name: "Rejeter" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Contester cet avis" }).click();
  const contest = page.getByRole("dialog", { name: "Contester cet avis" });
  await contest.getByRole("radio", { name: "Soupçon de conflit d'intérêts" }).click();
  await contest
    .getByLabel("Explication")
    .fill("L'auteur est un concurrent : aucune commande livrée à ce nom.");
  await expectNoSeriousA11yViolations(page);
  await contest.getByRole("button", { name: "Contester" }).click();
  await expect(dialog).toContainText("Contestation en cours d'examen par Certavis");
  await expect(dialog.getByRole("button", { name: "Contester cet avis" })).toHaveCount(0);
});
