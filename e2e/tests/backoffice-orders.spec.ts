import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y";
import { linkOf, waitForMail } from "../support/mailbox";
import { signInWithTokens } from "../support/sign-in";
import { DEMO, demoApi } from "./public-api";

/**
 * Commandes (ARCHITECTURE §10.21): the demo owner opens Commandes from the sidebar, finds an order by
 * its buyer's e-mail (its request 'Programmé le …', three days ahead), opens it from the keyboard, and
 * sends the request now after confirming: the e-mail arrives on the SMTP sink and the order says
 * 'Envoyé le …'. The list and the order are axe-clean.
 */
test("the owner finds an order by e-mail and sends its scheduled request now", async ({ page }) => {
  const run = Date.now();
  const buyer = `commande.${run}@exemple.fr`;
  const reference = `CMD-E2E-${run}`;
  const demo = await demoApi();
  try {
    const created = await demo.api.post("/api/v1/orders/", {
      headers: { "X-Api-Key": demo.apiKey },
      data: {
        sku: "LAMP-001",
        buyer_email: buyer,
        buyer_first_name: "Inès",
        buyer_last_name: "Marchand",
        reference,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  } finally {
    await demo.dispose();
  }

  await signInWithTokens(page, DEMO);
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Navigation principale" });
  await nav.getByRole("link", { name: "Commandes" }).click();
  await expect(page.getByRole("heading", { name: "Commandes", level: 1, exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Importer des commandes" })).toHaveAttribute(
    "href",
    "/orders/import",
  );

  await page.getByRole("searchbox", { name: "Rechercher par référence ou e-mail" }).fill(buyer);
  const table = page.getByRole("table", { name: "Commandes" });
  await expect(table.getByRole("row")).toHaveCount(2);
  const row = table.getByRole("row").nth(1);
  await expect(row).toContainText(buyer);
  await expect(row).toContainText(/Programmé le \d{1,2} \S+ \d{4}/);
  await expect(row).toContainText("API");
  await expectNoSeriousA11yViolations(page);

  // From the keyboard: the reference is a link.
  await row.getByRole("link", { name: reference }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: `Commande ${reference}`, level: 1 })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Commande enregistrée (API)" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const since = new Date();
  await page.getByRole("button", { name: "Envoyer maintenant" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Envoyer la demande d'avis maintenant ?" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Envoyer maintenant" }).click();
  await expect(dialog).toBeHidden();

  const mail = await waitForMail({ to: buyer, after: new Date(since.getTime() - 1000) }, 60_000);
  expect(linkOf(mail, "create-reviews?api_key=")).toMatch(/create-reviews\?api_key=[\w-]{43}$/);
  await page.reload();
  await expect(page.getByText(/^Envoyé le \d{1,2} \S+ \d{4}$/)).toBeVisible();
  await expect(page.getByText(/^Demande d'avis envoyée$/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Envoyer maintenant" })).toHaveCount(0);
});
