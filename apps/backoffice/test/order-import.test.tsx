import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderSignedIn } from "./support/render-app";
import { expectTableScroller } from "./support/table-scroller";
import { recordApiCalls, seed } from "./support/test-api";

/** A file as Excel saves it in France: Windows-1252 bytes, ';', dates JJ/MM/AAAA. */
function excelFile(lines: string[], name = "commandes.csv") {
  const bytes = Uint8Array.from(lines.join("\r\n"), (char) => char.charCodeAt(0));
  return new File([bytes], name, { type: "text/csv" });
}

const GOOD_AND_BAD = [
  "Référence;SKU;E-mail;Prénom;Nom;Date de commande;Canal",
  "WEB-1;LAMP-IMP;zoe@exemple.fr;Zoé;Lefèvre;20/11/2026;web",
  "WEB-2;LAMP-IMP;pas-un-email;Loïc;Gaël;21/11/2026;web",
  "WEB-3;LAMP-IMP;noel@exemple.fr;Noël;Dupré;2026-11-22;boutique",
];

/** A downloaded file's text, BOM included (Blob.text() would drop it). */
const textOf = async (blob: Blob | undefined) =>
  blob ? new TextDecoder("utf-8", { ignoreBOM: true }).decode(await blob.arrayBuffer()) : "";

/** Blobs the screen hands to the browser's download, read back as text. */
function captureDownloads() {
  const saved: Blob[] = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    saved.push(blob);
    return "blob:download";
  }) as typeof URL.createObjectURL;
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
  return saved;
}

async function signedInWithProduct() {
  const app = await renderSignedIn("/orders/import");
  if (!app.company) throw new Error("company expected");
  await seed.products({ companyId: app.company.id, products: [{ name: "Lampe Import", sku: "LAMP-IMP" }] });
  return app;
}

// The long imports' orders are dated today: their request e-mails fall due days later, so the test's
// server is not sending thousands of e-mails while it imports (what these tests time is the import).
const TODAY = new Date().toLocaleDateString("fr-FR", { timeZone: "Europe/Paris" });

describe("/orders/import", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("previews an Excel file with the columns recognised, imports it with progress, then lists the refused line", async () => {
    const user = userEvent.setup();
    await signedInWithProduct();
    expect(
      await screen.findByRole("heading", { level: 1, name: "Importer des commandes" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Les lignes qui partagent une même reference forment une seule commande/),
    ).toBeInTheDocument();

    await user.upload(await screen.findByLabelText("Fichier CSV de commandes"), excelFile(GOOD_AND_BAD));

    expect(await screen.findByRole("heading", { name: "Aperçu : commandes.csv" })).toBeInTheDocument();
    expect(
      screen.getByText("3 lignes de commandes · séparateur « ; » · Windows-1252 (Excel)"),
    ).toBeInTheDocument();
    // Orders and products counted apart (issue 42 §2), the known product not announced as new.
    expect(await screen.findByText("À importer : 3 commandes (3 produits).")).toBeInTheDocument();
    expect(screen.queryByText(/nouveaux? produits? sera/)).toBeNull();
    const table = screen.getByRole("table");
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual([
      "Ligne",
      "Référence",
      "Produit (SKU)",
      "E-mail",
      "Prénom",
      "Nom",
      "Date de commande",
      "Canal (ignorée)",
    ]);
    expect(within(table).getByText("Lefèvre")).toBeInTheDocument();
    expect(within(table).getByRole("rowheader", { name: "4" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Importer 3 commandes" }));

    expect(
      await screen.findByRole("heading", { name: "Import terminé" }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText("2 commandes créées (2 produits), 0 produit déjà connu, 1 ligne refusée."),
    ).toBeInTheDocument();
    const refused = screen.getByRole("table", { name: "Lignes refusées" });
    expectTableScroller(document.body, "Lignes refusées");
    const rows = within(refused).getAllByRole("row").slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      "3LAMP-IMPE-mail : Veuillez saisir une adresse email valide.",
    ]);

    const saved = captureDownloads();
    await user.click(screen.getByRole("button", { name: "Télécharger les lignes refusées (CSV)" }));
    expect(await textOf(saved[0])).toBe(
      "\uFEFFligne;sku;motif\r\n3;LAMP-IMP;E-mail : Veuillez saisir une adresse email valide.\r\n",
    );

    // Importing the same file again: nothing created twice.
    await user.click(screen.getByRole("button", { name: "Importer un autre fichier" }));
    await user.upload(await screen.findByLabelText("Fichier CSV de commandes"), excelFile(GOOD_AND_BAD));
    await user.click(await screen.findByRole("button", { name: "Importer 3 commandes" }));
    expect(
      await screen.findByText(
        "0 commande créée (0 produit), 2 produits déjà connus, 1 ligne refusée.",
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
  });

  it("shows the real progress of a long import", async () => {
    const user = userEvent.setup();
    await signedInWithProduct();
    const lines = ["reference;sku;buyer_email;buyer_first_name;buyer_last_name;order_date"];
    for (let i = 0; i < 3000; i++) lines.push(`P-${i};LAMP-IMP;p${i}@exemple.fr;Paul;Martin;${TODAY}`);
    await user.upload(await screen.findByLabelText("Fichier CSV de commandes"), excelFile(lines, "gros.csv"));
    await user.click(await screen.findByRole("button", { name: /^Importer 3.000 commandes$/ }));
    const bar = await screen.findByRole("progressbar", { name: "Progression de l'import" });
    expect(Number(bar.getAttribute("aria-valuenow"))).toBeLessThan(100);
    expect(screen.getByText(/^Import en cours… [\d ]+ \/ 3 000 lignes$/)).toBeInTheDocument();
    expect(
      await screen.findByText(
        "3 000 commandes créées (3 000 produits), 0 produit déjà connu, 0 ligne refusée.",
        {},
        { timeout: 30_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("Aucune ligne refusée.")).toBeInTheDocument();
    // (The testing library reads the narrow no-break spaces of French numbers as plain spaces.)
  }, 40_000);

  it("polls only the refused lines it lacks and lists every one of them at the end", async () => {
    const user = userEvent.setup();
    await signedInWithProduct();
    const lines = ["reference;sku;buyer_email;buyer_first_name;buyer_last_name;order_date"];
    const refused: number[] = [];
    for (let i = 0; i < 1500; i++) {
      const bad = i % 10 === 0;
      if (bad) refused.push(i + 2);
      lines.push(`R-${i};LAMP-IMP;${bad ? `faux-${i}` : `r${i}@exemple.fr`};Rémi;Martin;${TODAY}`);
    }
    await user.upload(
      await screen.findByLabelText("Fichier CSV de commandes"),
      excelFile(lines, "mixte.csv"),
    );
    const calls = recordApiCalls();
    await user.click(await screen.findByRole("button", { name: /^Importer 1.500 commandes$/ }));
    expect(
      await screen.findByText(
        "1 350 commandes créées (1 350 produits), 0 produit déjà connu, 150 lignes refusées.",
        {},
        { timeout: 30_000 },
      ),
    ).toBeInTheDocument();
    const polls = calls.filter(
      (call) => call.method === "GET" && call.path.startsWith("/company/orders/imports/"),
    );
    // Once some refused lines are held, each poll asks only for the ones after them.
    const asked = polls.map((call) => Number(new URLSearchParams(call.query).get("errors_from") ?? 0));
    expect(
      asked.some((n) => n > 0),
      JSON.stringify(polls),
    ).toBe(true);
    expect(asked).toEqual([...asked].sort((a, b) => a - b));
    const rows = within(screen.getByRole("table", { name: "Lignes refusées" })).getAllByRole("rowheader");
    expect(rows.map((row) => Number(row.textContent))).toEqual(refused);
  }, 40_000);

  it("lets the user map unrecognised columns by hand, counts the e-mails leaving at once and skips old orders", async () => {
    const user = userEvent.setup();
    await signedInWithProduct();
    const day = (ago: number) => {
      const d = new Date(Date.now() - ago * 86_400_000);
      return `${d.getUTCDate()}/${d.getUTCMonth() + 1}/${d.getUTCFullYear()}`;
    };
    await user.upload(
      await screen.findByLabelText("Fichier CSV de commandes"),
      excelFile(
        [
          "Commande;Mail client;Acheteur;Article",
          `OLD-1;lea@exemple.fr;Lea;LAMP-IMP`,
          `NEW-1;hugo@exemple.fr;Hugo;LAMP-IMP`,
        ].map((line, i) => (i === 0 ? `${line};Date` : `${line};${day(i === 1 ? 60 : 1)}`)),
        "export.csv",
      ),
    );
    expect(await screen.findByRole("group", { name: "Associer les colonnes" })).toBeInTheDocument();
    const start = screen.getByRole("button", { name: "Importer 2 commandes" });
    expect(start).toBeDisabled();
    expect(screen.getByRole("alert")).toHaveTextContent("Colonnes manquantes : « E-mail » (buyer_email)");
    await user.selectOptions(screen.getByLabelText("E-mail"), "Mail client");
    await user.selectOptions(screen.getByLabelText("Prénom"), "Acheteur");
    expect(start).toBeDisabled();
    await user.selectOptions(screen.getByLabelText("Produit (SKU)"), "Article");
    expect(start).toBeEnabled();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(
      await screen.findByText(
        "1 e-mail de demande partira dès l'import (commande plus ancienne que son délai d'envoi).",
      ),
    ).toBeInTheDocument();
    await user.click(
      screen.getByRole("checkbox", {
        name: "Ne pas écrire aux acheteurs dont la commande date de plus de 30 jours",
      }),
    );
    expect(
      screen.getByText(
        "Aucun e-mail de demande ne partira dès l'import : chaque commande attend son délai d'envoi.",
      ),
    ).toBeInTheDocument();
    await user.click(start);
    expect(
      await screen.findByText(
        "2 commandes créées (2 produits), 0 produit déjà connu, 0 ligne refusée.",
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
  });

  it("refuses a file the import cannot read before sending it", async () => {
    const user = userEvent.setup();
    await signedInWithProduct();
    await user.upload(
      await screen.findByLabelText("Fichier CSV de commandes"),
      excelFile(["ref;email", "X-1;x@exemple.fr"], "incomplet.csv"),
    );
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Colonnes manquantes : « Prénom » (buyer_first_name).");
    expect(alert).toHaveTextContent(
      "Le fichier doit contenir une colonne « Produit (SKU) » (sku, UGS, Référence produit…), « Nom du produit » (Lineitem name, Nom de l'article…) ou « Produit (id) » (product_id).",
    );
    expect(screen.getByRole("button", { name: "Importer 1 commande" })).toBeDisabled();
  });

  it("offers the model CSV", async () => {
    const user = userEvent.setup();
    await signedInWithProduct();
    const saved = captureDownloads();
    await user.click(await screen.findByRole("button", { name: "Télécharger le modèle CSV" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const text = await textOf(saved[0]);
    expect(text.split("\r\n")[0]).toBe(
      "\uFEFFreference;sku;buyer_email;buyer_first_name;buyer_last_name;order_date",
    );
    expect(screen.getByRole("link", { name: "Retour aux commandes" })).toHaveAttribute("href", "/orders");
  });
});
