import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y";
import { linkOf, waitForMail } from "../support/mailbox";
import { signInWithTokens } from "../support/sign-in";
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

  await signInWithTokens(page, DEMO);
  await page.goto("/settings/teams");
  await page.getByRole("link", { name: "Confidentialité" }).click();
  await expect(page.getByRole("heading", { name: "Adresses exclues des envois" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Rechercher une adresse" }).fill(`desinscrit.${run}`);
  const row = page.getByRole("row").filter({ hasText: buyer });
  await expect(row).toContainText("Désinscription");
  await expect(row.getByRole("button")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

/**
 * The demo owner erases a buyer at their request from the 'Confidentialité' tab: the form, a
 * confirmation that lists what goes, a toast with the counts, the erased entry in the list.
 */
test("erase a buyer through the 'Confidentialité' tab, after a confirmation", async ({ page }) => {
  const demo = await demoApi();
  const run = Date.now();
  const buyer = `efface.${run}@exemple.fr`;
  const productId = await demo.createProduct(`Lampe ${run}`, await demo.defaultFormId());
  await demo.createOrder(productId, buyer, new Date(run - 24 * 3600 * 1000));
  await demo.dispose();

  await signInWithTokens(page, DEMO);
  await page.goto("/settings/teams");
  await page.getByRole("link", { name: "Confidentialité" }).click();
  await expect(page.getByRole("heading", { name: "Effacer un acheteur" })).toBeVisible();

  const field = page.getByLabel("Adresse e-mail de l'acheteur");
  await field.fill("pas-une-adresse");
  await page.getByRole("button", { name: "Effacer cet acheteur" }).click();
  await expect(page.getByText("Veuillez saisir un email valide")).toBeVisible();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);

  await field.fill(buyer);
  await page.getByRole("button", { name: "Effacer cet acheteur" }).click();
  const dialog = page.getByRole("alertdialog", { name: `Effacer ${buyer} ?` });
  await expect(dialog).toContainText("ses photos et vidéos");
  await expectNoSeriousA11yViolations(page);
  // Cancelling keeps what was typed and erases nothing.
  await dialog.getByRole("button", { name: "Annuler" }).click();
  await expect(field).toHaveValue(buyer);

  await page.getByRole("button", { name: "Effacer cet acheteur" }).click();
  await page.getByRole("button", { name: "Effacer définitivement" }).click();
  await expect(page.getByText("1 commande anonymisée, 0 avis effacé, 0 fichier supprimé.")).toBeVisible();
  await expect(field).toHaveValue("");
  const erased = page.getByRole("row").filter({ hasText: "Acheteur effacé" }).first();
  await expect(erased).toContainText("Effacement");
  await expect(page.getByRole("row").filter({ hasText: buyer })).toHaveCount(0);
});
