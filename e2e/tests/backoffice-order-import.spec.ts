import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y";
import { linkOf, waitForMail } from "../support/mailbox";
import { signInWithTokens } from "../support/sign-in";

/**
 * The demo owner imports a CSV saved by Excel in France (Windows-1252, ';', dates JJ/MM/AAAA) with one
 * bad line on /orders/import: preview with the recognised columns, import with the server's progress,
 * the summary with the refused line, and the request e-mail of a good line in the real SMTP sink.
 * Leaving the page (after an import, or while one runs) and coming back shows that import again.
 */

const DEMO = { email: "demo@exemple.fr", password: "demo-certavis" } as const;

const frenchDate = (date: Date) =>
  `${String(date.getDate()).padStart(2, "0")}/${String(date.getMonth() + 1).padStart(2, "0")}/${date.getFullYear()}`;

test("import a French Excel CSV with one bad line: preview, progress, summary, and the request e-mail arrives", async ({
  page,
}) => {
  const run = Date.now();
  const buyer = `zoe.${run}@exemple.fr`;
  // Ordered five days ago: the request e-mail (J+3) is due as soon as the order exists.
  const ordered = frenchDate(new Date(run - 5 * 24 * 3600 * 1000));
  const csv = [
    "Référence;SKU;E-mail;Prénom;Nom;Date de commande",
    `XL-${run}-1;LAMP-001;${buyer};Zoé;Lefèvre;${ordered}`,
    `XL-${run}-2;LAMP-001;pas-un-email;Loïc;Gaël;${ordered}`,
    `XL-${run}-3;LAMP-001;noel.${run}@exemple.fr;Noël;Dupré;${ordered}`,
  ].join("\r\n");
  const since = new Date();

  await signInWithTokens(page, DEMO);

  await page.goto("/orders/import");
  await expect(page.getByRole("heading", { name: "Importer des commandes", level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A file whose columns are not all recognised: the preview asks to map them by hand (axe-clean).
  await page.getByLabel("Fichier CSV de commandes").setInputFiles({
    name: "export-boutique.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      `Commande;Mail client;Acheteur;Article\r\nB-${run};${buyer};Zoé;LAMP-001\r\n`,
      "utf8",
    ),
  });
  await expect(page.getByRole("group", { name: "Associer les colonnes" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Importer 1 commande" })).toBeDisabled();
  await page.getByLabel("E-mail", { exact: true }).selectOption("Mail client");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Changer de fichier" }).click();

  await page.getByLabel("Fichier CSV de commandes").setInputFiles({
    name: "export-excel.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv, "latin1"),
  });
  await expect(page.getByRole("heading", { name: "Aperçu : export-excel.csv" })).toBeVisible();
  await expect(
    page.getByText("3 lignes de commandes · séparateur « ; » · Windows-1252 (Excel)"),
  ).toBeVisible();
  const preview = page.getByRole("table");
  await expect(preview.getByRole("columnheader")).toHaveText([
    "Ligne",
    "Référence",
    "Produit (SKU)",
    "E-mail",
    "Prénom",
    "Nom",
    "Date de commande",
  ]);
  await expect(preview.getByRole("cell", { name: "Lefèvre" })).toBeVisible();
  // Both good orders are older than their J+3 delay: their requests leave at once (issue 27.9).
  await expect(
    page.getByText(
      "2 e-mails de demande partiront dès l'import (commandes plus anciennes que leur délai d'envoi).",
    ),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Keyboard: the import button is reached and pressed without the mouse.
  const start = page.getByRole("button", { name: "Importer 3 commandes" });
  await start.focus();
  await expect(start).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page.getByRole("heading", { name: "Import terminé" })).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByText("2 commandes créées (2 produits), 0 produit déjà connu, 1 ligne refusée."),
  ).toBeVisible();
  const refused = page.getByRole("table", { name: "Lignes refusées" });
  await expect(refused.getByRole("row").nth(1)).toHaveText(
    /^3LAMP-001E-mail : Veuillez saisir une adresse email valide\.$/,
  );
  await expect(page.getByRole("button", { name: "Télécharger les lignes refusées (CSV)" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Télécharger les lignes refusées (CSV)" }).click();
  expect((await download).suggestedFilename()).toBe("lignes-refusees.csv");

  // The good line's buyer gets the review request, with the link to the form.
  const mail = await waitForMail({ to: buyer, after: new Date(since.getTime() - 1000) }, 60_000);
  expect(linkOf(mail, "create-reviews?api_key=")).toMatch(/create-reviews\?api_key=[\w-]{43}$/);

  // Leaving the page and coming back shows that import again, with its refused line.
  await page.getByRole("link", { name: "Retour aux commandes" }).click();
  await expect(page.getByRole("heading", { name: "Commandes", level: 1, exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Importer des commandes" }).first().click();
  await expect(page.getByText(/^Dernier import : export-excel\.csv, lancé le /)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Import terminé" })).toBeVisible();
  await expect(refused.getByRole("row").nth(1)).toHaveText(
    /^3LAMP-001E-mail : Veuillez saisir une adresse email valide\.$/,
  );

  // A bigger file, left as soon as it starts: coming back follows it to its end.
  await page.getByRole("button", { name: "Importer un autre fichier" }).click();
  const big = ["Référence;SKU;E-mail;Prénom;Nom;Date de commande"];
  for (let i = 0; i < 2000; i++)
    big.push(
      `BIG-${run}-${i};LAMP-001;${i === 1500 ? "faux" : `big${i}.${run}@exemple.fr`};Zoé;Lefèvre;${frenchDate(new Date())}`,
    );
  await page.getByLabel("Fichier CSV de commandes").setInputFiles({
    name: "grand-export.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(big.join("\r\n"), "latin1"),
  });
  await page.getByRole("button", { name: /^Importer 2\s000 commandes$/ }).click();
  await expect(page.getByText(/^Import en cours…/)).toBeVisible();
  await page.getByRole("link", { name: "Retour aux commandes" }).click();
  await expect(page.getByRole("heading", { name: "Commandes", level: 1, exact: true })).toBeVisible();
  await page.goBack();
  await expect(page.getByText(/^Dernier import : grand-export\.csv, lancé le /)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Import terminé" })).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByText(/^1\s999 commandes créées \(1\s999 produits\), 0 produit déjà connu, 1 ligne refusée\.$/),
  ).toBeVisible();
  await expect(refused.getByRole("row").nth(1)).toHaveText(
    /^1502LAMP-001E-mail : Veuillez saisir une adresse email valide\.$/,
  );
  await expectNoSeriousA11yViolations(page);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("a Shopify export with unknown products: the preview names them, the import creates them (issue 42 §2)", async ({
    page,
  }) => {
    const run = Date.now();
    const header =
      "Name,Email,Financial Status,Paid at,Fulfillment Status,Fulfilled at,Accepts Marketing,Currency,Subtotal,Shipping,Taxes,Total,Discount Code,Discount Amount,Shipping Method,Created at,Lineitem quantity,Lineitem name,Lineitem price,Lineitem compare at price,Lineitem sku,Lineitem requires shipping,Lineitem taxable,Lineitem fulfillment status,Billing Name";
    const at = "2026-11-20 10:15:00 +0100";
    const csv = [
      header,
      `#${run}-1,ana.${run}@exemple.fr,paid,${at},fulfilled,${at},no,EUR,54.00,4.90,9.00,58.90,,0.00,Colissimo,${at},1,Bol Céladon ${run},27.00,,BOL-${run},true,true,fulfilled,Ana Lopez`,
      `#${run}-1,,,,,,,,,,,,,,,,1,Tasse Grès ${run},27.00,,,true,true,fulfilled,`,
      `#${run}-2,bob.${run}@exemple.fr,refunded,${at},,,no,EUR,27.00,4.90,4.50,31.90,,0.00,Colissimo,${at},1,Bol Céladon ${run},27.00,,BOL-${run},true,true,,Bob Roy`,
    ].join("\n");

    await signInWithTokens(page, DEMO);
    await page.goto("/orders/import");
    // The page shows the demo's latest import, if any, until another file is chosen.
    const another = page.getByRole("button", { name: "Importer un autre fichier" });
    await expect(page.getByText("Déposez votre fichier CSV ici").or(another)).toBeVisible();
    if (await another.isVisible()) await another.click();
    await page.getByLabel("Fichier CSV de commandes").setInputFiles({
      name: "orders_export.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv, "utf8"),
    });
    await expect(page.getByText("À importer : 1 commande (2 produits).")).toBeVisible();
    await expect(
      page.getByText(`2 nouveaux produits seront créés : Bol Céladon ${run}, Tasse Grès ${run}`),
    ).toBeVisible();
    await expect(
      page.getByText("1 commande annulée ou remboursée sera ignorée : aucun e-mail ne lui sera envoyé."),
    ).toBeVisible();
    // Nothing wider than the phone's screen but the preview table's own scroller.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(390);
    // That scroller is reachable by keyboard and named (axe scrollable-region-focusable).
    await expect(page.getByRole("region", { name: /lignes?, avec les colonnes reconnues$/ })).toHaveAttribute(
      "tabindex",
      "0",
    );
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: "Importer 1 commande" }).click();
    await expect(page.getByRole("heading", { name: "Import terminé" })).toBeVisible({ timeout: 30_000 });
    await expect(
      page.getByText("1 commande créée (2 produits), 0 produit déjà connu, 0 ligne refusée."),
    ).toBeVisible();
    await expect(
      page.getByText(`2 nouveaux produits créés : Bol Céladon ${run}, Tasse Grès ${run}`),
    ).toBeVisible();
    await expect(page.getByText("1 commande annulée ou remboursée ignorée.")).toBeVisible();
  });
});
