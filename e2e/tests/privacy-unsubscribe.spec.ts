import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y";
import { linkOf, waitForMail } from "../support/mailbox";
import { DEMO, demoApi } from "./public-api";

/**
 * A buyer unsubscribes from the link of a mailed request (the page asks, the button confirms), then
 * the demo owner finds the address in Paramètres › Confidentialité.
 */
test("unsubscribe from a mailed request, then see the address in the 'Confidentialité' tab", async ({
  page,
}) => {
  const demo = await demoApi();
  const run = Date.now();
  const buyer = `desinscrit.${run}@exemple.fr`;
  const productId = await demo.createProduct(`Lampe ${run}`, await demo.defaultFormId());
  await demo.createOrder(productId, buyer, new Date(run - 5 * 24 * 3600 * 1000));
  await demo.dispose();

  const mail = await waitForMail({ to: buyer, after: new Date(run - 1000) }, 60_000);
  await page.goto(linkOf(mail, "/public/unsubscribe/?token="));
  await expect(
    page.getByRole("heading", { level: 1, name: /^Ne plus recevoir de demandes d'avis de .+ \?$/ }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Confirmer la désinscription" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Désinscription confirmée" })).toBeVisible();

  await page.goto("/login");
  await page.getByLabel("Email").fill(DEMO.email);
  await page.getByLabel("Mot de passe").fill(DEMO.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("heading", { name: "Tableau de bord", level: 1 })).toBeVisible();
  await page.goto("/settings/teams");
  await page.getByRole("link", { name: "Confidentialité" }).click();
  await expect(page.getByRole("heading", { name: "Adresses exclues des envois" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Rechercher une adresse" }).fill(`desinscrit.${run}`);
  const row = page.getByRole("row").filter({ hasText: buyer });
  await expect(row).toContainText("Désinscription");
  await expect(row.getByRole("button")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
