import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y";
import { codeOf, waitForMail } from "../support/mailbox";
import { PNG_1PX } from "./public-api";

/**
 * A new shop on the free plan (LANCEMENT, 3 products) builds its catalogue in the built product: the first
 * product made with the keyboard only (template, delay slider, follow-up, form), a second with an image,
 * status changed from the badge, duplicated to the plan's limit (button disabled, upgrade banner), deleted;
 * the unsaved-changes dialog and the browser's leave warning; axe on the list, the form and the dialogs.
 */

test.describe.configure({ mode: "serial" });

const password = "motdepasse-solide";

interface ApiProduct {
  id: string;
  name: string;
  status: string;
  sku: string | null;
  image_url: string | null;
  send_reminder: boolean;
  email_request_template: { id: string; name: string; send_after: number | null } | null;
  email_reminder_template: { id: string; name: string; remind_after: number | null } | null;
  form: { id: string; name: string } | null;
}

/** A confirmed owner of a new company on LANCEMENT, through the real API and the mailed code. */
async function newShop(request: APIRequestContext) {
  const email = `boutique-${Date.now()}@exemple.fr`;
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
  return {
    email,
    products: async () =>
      (
        (await (await request.get("/api/v1/company/products/?limit=100", { headers })).json()) as {
          results: ApiProduct[];
        }
      ).results,
  };
}

const cards = (page: Page) => page.getByRole("list", { name: "Produits" }).getByRole("listitem");
const card = (page: Page, name: string) =>
  cards(page).filter({ has: page.getByRole("link", { name, exact: true }) });

test("a LANCEMENT shop creates, changes, duplicates and deletes products up to its limit", async ({
  page,
  request,
}) => {
  // One long journey on a machine shared by many runs.
  test.setTimeout(180_000);
  const shop = await newShop(request);
  await page.goto("/login");
  await page.getByLabel("E-mail", { exact: true }).fill(shop.email);
  await page.getByLabel("Mot de passe").fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("heading", { name: "Tableau de bord", level: 1 })).toBeVisible();

  await page.getByRole("link", { name: "Produits" }).click();
  await expect(page.getByRole("heading", { name: "Produits", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Aucun produit" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Importer des commandes" })).toHaveAttribute(
    "href",
    "/orders/import",
  );
  await expectNoSeriousA11yViolations(page);

  // 1. The first product with the keyboard only.
  await page.getByRole("link", { name: "Nouveau produit" }).first().focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Nouveau produit", level: 1 })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Modèle d'e-mail de demande d'avis" })).toHaveText(
    "Demande d'avis",
  );
  await expect(page.getByRole("combobox", { name: "Formulaire d'avis" })).toHaveText("Formulaire par défaut");
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("Nom du produit").focus();
  await page.keyboard.type("Lampe Aurore");
  await page.keyboard.press("Tab");
  await page.keyboard.type("LAMP-001");
  // GTIN, brand and product page come before the status (all optional).
  for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
  await expect(page.getByRole("combobox", { name: "Statut" })).toBeFocused();
  // A draft says that its orders get no e-mail (issue 27.10); an active product says nothing.
  const quiet = "Brouillon : les commandes de ce produit sont enregistrées, sans e-mail de demande d'avis.";
  await expect(page.getByRole("combobox", { name: "Statut" })).toHaveAccessibleDescription(quiet);
  await page.keyboard.press("Enter");
  await page.getByRole("option", { name: "Actif" }).press("Enter");
  await expect(page.getByRole("combobox", { name: "Statut" })).toHaveText("Actif");
  await expect(page.getByText(quiet)).toBeHidden();
  const slider = page.getByRole("slider", { name: "Délai d'envoi après la commande" });
  // The delay is the template's: the slider says how many products share it (this one included).
  await expect(slider).toHaveAccessibleDescription("Ce délai s'applique à 1 produit qui utilise ce modèle.");
  await slider.focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(slider).toHaveAttribute("aria-valuetext", "J+5");
  await page.getByRole("switch", { name: "Activer la relance" }).focus();
  await page.keyboard.press("Space");
  await expect(page.getByRole("combobox", { name: "Modèle de relance" })).toHaveText("Relance");
  await expect(page.getByRole("slider", { name: "Délai de relance" })).toHaveAttribute(
    "aria-valuetext",
    "J+7",
  );
  // The request template preview, closed with Escape.
  await page.getByRole("button", { name: "Aperçu" }).first().focus();
  await page.keyboard.press("Enter");
  const preview = page.getByRole("dialog", { name: "Demande d'avis" });
  await expect(preview).toContainText("Marie");
  await expect(preview.getByRole("link", { name: "Modifier" })).toHaveAttribute(
    "href",
    /^\/email-templates\?edit=[\w-]+&return=%2Fproducts%2Fnew&assign_field=request$/,
  );
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(preview).toBeHidden();
  await page.getByLabel("Nom du produit").focus();
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/products$/);
  await expect(card(page, "Lampe Aurore")).toContainText("Demande d'avis • J+5");
  await expect(card(page, "Lampe Aurore")).toContainText("Relance: Relance • J+7");
  await expect(card(page, "Lampe Aurore")).toContainText("Formulaire par défaut");
  const [first] = await shop.products();
  expect(first).toMatchObject({
    name: "Lampe Aurore",
    sku: "LAMP-001",
    status: "active",
    send_reminder: true,
    email_request_template: { name: "Demande d'avis", send_after: 5 },
    email_reminder_template: { name: "Relance", remind_after: 7 },
    form: { name: "Formulaire par défaut" },
  });

  // 2. A second product with an image (multipart).
  await page.getByRole("link", { name: "Nouveau produit" }).click();
  await page.getByLabel("Nom du produit").fill("Applique Nova");
  await expect(
    page.getByRole("slider", { name: "Délai d'envoi après la commande" }),
  ).toHaveAccessibleDescription("Ce délai s'applique aux 2 produits qui utilisent ce modèle.");
  await page
    .getByLabel("Image")
    .setInputFiles({ name: "applique.png", mimeType: "image/png", buffer: PNG_1PX });
  await expect(page.getByRole("img", { name: "Aperçu de l'image" })).toBeVisible();
  await page.getByRole("button", { name: "Créer le produit" }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(cards(page)).toHaveCount(2);
  // Active first, then drafts.
  await expect(cards(page).nth(0)).toContainText("Lampe Aurore");
  await expect(cards(page).nth(1)).toContainText("Applique Nova");
  const applique = (await shop.products()).find((p) => p.name === "Applique Nova");
  expect(applique?.image_url).toMatch(/\.png$/);
  await expect(card(page, "Applique Nova").locator("img")).toHaveAttribute("src", applique?.image_url ?? "");

  // 3. Status from the badge, with the keyboard.
  const badge = card(page, "Applique Nova").getByRole("button", { name: "Changer le statut (Brouillon)" });
  await badge.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Brouillon" })).toBeDisabled();
  await page.getByRole("menuitem", { name: "Actif" }).focus();
  await page.keyboard.press("Enter");
  await expect(
    card(page, "Applique Nova").getByRole("button", { name: "Changer le statut (Actif)" }),
  ).toBeVisible();
  await expect
    .poll(async () => (await shop.products()).find((p) => p.name === "Applique Nova")?.status)
    .toBe("active");
  await expect(cards(page).nth(0)).toContainText("Applique Nova");

  // 4. Duplicate: the third product reaches LANCEMENT's limit.
  await card(page, "Lampe Aurore").getByRole("button", { name: "Actions du produit Lampe Aurore" }).click();
  await page.getByRole("menuitem", { name: "Dupliquer" }).click();
  await expect(card(page, "Lampe Aurore (copie)")).toBeVisible();
  await expect(cards(page)).toHaveCount(3);
  await expect(page.getByRole("button", { name: "Nouveau produit" })).toBeDisabled();
  await expect(
    page.getByText("Votre abonnement permet 3 produits. Passez à un abonnement supérieur pour en ajouter."),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // 5. Delete after the warning: under the limit again.
  await card(page, "Lampe Aurore (copie)")
    .getByRole("button", { name: "Actions du produit Lampe Aurore (copie)" })
    .click();
  // The open menu hides nothing that can still take focus (axe aria-hidden-focus).
  await expect(page.getByRole("menuitem", { name: "Supprimer" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("menuitem", { name: "Supprimer" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Supprimer le produit ?" });
  await expect(confirm).toContainText("ainsi que les commandes qui lui sont liées");
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByRole("link", { name: "Nouveau produit" })).toBeVisible();
  expect((await shop.products()).map((p) => p.name).sort()).toEqual(["Applique Nova", "Lampe Aurore"]);

  // 6. Unsaved changes: the dialog on leaving, then the browser's own warning.
  await page.getByRole("link", { name: "Nouveau produit" }).click();
  await page.getByLabel("Nom du produit").fill("Jamais enregistré");
  await page.getByRole("link", { name: "Avis", exact: true }).click();
  const unsaved = page.getByRole("alertdialog", { name: "Enregistrer ou quitter sans enregistrer" });
  await expect(unsaved).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await unsaved.getByRole("button", { name: "Quitter sans enregistrer" }).click();
  await expect(page.getByRole("heading", { name: "Avis clients", level: 1 })).toBeVisible();

  await page.goto("/products/new");
  await page.getByLabel("Nom du produit").fill("Toujours pas");
  // The page cancels beforeunload while there are changes: Chromium then asks before leaving.
  const cancelsUnload = () =>
    page.evaluate(() => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
  expect(await cancelsUnload()).toBe(true);
  await page.getByLabel("Nom du produit").fill("");
  expect(await cancelsUnload()).toBe(false);
  expect((await shop.products()).map((p) => p.name).sort()).toEqual(["Applique Nova", "Lampe Aurore"]);
});
