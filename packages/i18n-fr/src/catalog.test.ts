/// <reference types="node" />
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { iframe } from "./messages/iframe";
import { operators } from "./messages/operators";
import { orderImport } from "./messages/order-import";
import { orders } from "./messages/orders";
import { fr as withServer } from "./server";
import { type CatalogValue, catalogLeaves, catalogTexts, hasSpecString } from "./testing/catalog-walk";
import { findFrenchLiterals, looksFrench } from "./testing/french-literals";
import { extractSpecStrings } from "./testing/spec-strings";
import { findUnusedKeys, type SourceFile } from "./testing/unused-keys";

/** The whole catalogue: the groups every route loads, those only their lazy screen imports, the server's. */
const fr = { ...withServer, iframe, orderImport, orders, operators } as const;
type MessageGroup = keyof typeof fr;

/**
 * Feature groups whose screens exist: each of their keys must be used somewhere in
 * `apps/*\/src` or `packages/*\/src` (outside this package). Add your group when you build its screens.
 */
const BUILT_SCREENS: readonly MessageGroup[] = [
  "shell",
  "auth",
  "companySetup",
  "dashboard",
  "reviews",
  "products",
  "editor",
  "orderImport",
];

/**
 * Quoted strings of the spec that are not UI text in French: wire values, English descriptions of
 * a control (translated in the catalogue), and formats covered by the formatters' tests.
 */
const NOT_CATALOGUE_TEXT: Record<string, string> = {
  cancel: "value of the checkout query parameter",
  success: "value of the checkout query parameter",
  published: "product status on the wire",
  "1": "truthy answer value",
  oui: "truthy answer value",
  yes: "truthy answer value",
  "field: messages": "shape of an error message",
  "J+n": "formatDelay (format/number.test.ts)",
  "+N other fields": "English description; fr.forms.card.moreFields",
  "reviews only": "English description; fr.iframe.reviewsOnly",
  "Ignore invitations": "English description; fr.auth.register.company.ignoreInvitations",
};

/** UI labels the spec names without quotes (sidebar, cards, filters, badges, tabs, statuses). */
const UNQUOTED_SPEC_LABELS = [
  "Tableau de bord",
  "Avis",
  "Produits",
  "Modèles Email",
  "Formulaires",
  "Iframe",
  "Note moyenne",
  "Total avis",
  "Taux de croissance",
  "Dernier avis",
  "Lun",
  "Mar",
  "Mer",
  "Jeu",
  "Ven",
  "Sam",
  "Dim",
  "Satisfaction",
  "Avis en attente",
  "Toutes les notes",
  "5 étoiles",
  "4 étoiles",
  "3 étoiles",
  "2 étoiles",
  "1 étoile",
  "Tous les statuts",
  "Approuvés",
  "En attente",
  "Rejetés",
  "Total Produits",
  "Taux de réponse",
  "Note Moyenne",
  "Dupliquer",
  "Supprimer",
  "Note",
  "Commandes",
  "Informations du produit",
  "Envoi d'email",
  "Formulaire",
  "Relance en cas de non-réponse",
  "Demande",
  "Rappel",
  "Remerciement",
  "Équipe",
  "Abonnement",
  "Entreprise",
  "Utilisateur",
  "Approuvé",
  "Rejeté",
  "Actif",
  "Brouillon",
  "Archivé",
  "En période d'essai",
  "Paiement en retard",
  "Annulé",
  "Impayé",
  "Incomplet",
  "Incomplet expiré",
  "Comptable",
  "Lancement",
  "Croissance",
  "Expansion",
];

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, "../../..");
const specPath = path.resolve(repoRoot, "../shared/spec/product-spec.md");
const specAvailable = existsSync(specPath);

function sourceFiles(): SourceFile[] {
  const roots = ["apps", "packages"].flatMap((top) => {
    const dir = path.join(repoRoot, top);
    return existsSync(dir) ? readdirSync(dir).map((name) => path.join(dir, name, "src")) : [];
  });
  const files: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (name === "node_modules" || name === "generated") continue;
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) {
        files.push({ path: full, text: asCatalogueReads(readFileSync(full, "utf8")) });
      }
    }
  };
  for (const root of roots) {
    if (existsSync(root) && !root.startsWith(path.join(repoRoot, "packages", "i18n-fr"))) walk(root);
  }
  return files;
}

/**
 * A group a lazy screen imports under an alias (`import { orderImport as frOrderImport } from
 * "@certavis/i18n-fr/messages/order-import"`) reads as `fr.orderImport` for the unused-key check.
 */
function asCatalogueReads(text: string): string {
  let read = text;
  for (const [, group, alias] of text.matchAll(
    /import \{ (\w+) as (\w+) \} from "@certavis\/i18n-fr\/messages\/[\w-]+"/g,
  ))
    if (group && alias) read = read.replace(new RegExp(`\\b${alias}\\b`, "g"), `fr.${group}`);
  return read;
}

function missingSpecStrings(catalogue: CatalogValue, markdown: string) {
  const texts = catalogTexts(catalogue);
  const quoted = extractSpecStrings(markdown).filter(({ text }) => !(text in NOT_CATALOGUE_TEXT));
  const labels = UNQUOTED_SPEC_LABELS.map((text) => ({ text, section: "(unquoted label)" }));
  return [...quoted, ...labels].filter(({ text }) => !hasSpecString(texts, text));
}

describe("the catalogue holds every UI string of the spec", () => {
  if (!specAvailable) {
    it.skip(`spec not found at ${specPath}: spec string checks skipped`, () => {});
    return;
  }
  const markdown = readFileSync(specPath, "utf8");

  it("extracts the spec's quoted strings (sanity check of the extractor)", () => {
    const texts = extractSpecStrings(markdown).map(({ text }) => text);
    expect(texts.length).toBeGreaterThan(140);
    expect(texts).toContain("Demandes d'adhésion en attente");
    expect(texts).toContain("Impossible d’envoyer votre avis pour le moment.");
  });

  it("has every quoted spec string and every unquoted spec label", () => {
    expect(missingSpecStrings(fr, markdown)).toEqual([]);
  });

  it("fails when a spec string is removed from the catalogue", () => {
    const withoutOne = {
      ...fr,
      errors: { ...fr.errors, reviews: { ...fr.errors.reviews, notFound: "" } },
      shell: { ...fr.shell, pendingRequests: "Demandes en attente" },
    };
    expect(missingSpecStrings(withoutOne, markdown).map(({ text }) => text)).toEqual([
      "Demandes d'adhésion en attente",
      "Avis introuvable ou déjà mis à jour.",
    ]);
  });

  it("matches template messages with the spec's placeholders", () => {
    const missing = missingSpecStrings(fr, markdown).map(({ text }) => text);
    const withoutTemplates = {
      ...fr,
      errors: { ...fr.errors, products: { ...fr.errors.products, limitMessage: (n: number) => `${n}` } },
    };
    expect(missing).not.toContain("Votre abonnement a atteint la limite de produits (n produits).");
    expect(missingSpecStrings(withoutTemplates, markdown).map(({ text }) => text)).toContain(
      "Votre abonnement a atteint la limite de produits (n produits).",
    );
  });
});

describe("catalogue keys of built screens are used", () => {
  it("every built group is a catalogue group", () => {
    for (const group of BUILT_SCREENS) expect(Object.keys(fr)).toContain(group);
  });

  it("no key of a built screen's group is unused in apps/*/src or packages/*/src", () => {
    const files = sourceFiles();
    const unused = BUILT_SCREENS.flatMap((group) =>
      findUnusedKeys(
        group,
        catalogLeaves(fr[group]).map((leaf) => leaf.path),
        files,
      ).map((key) => `${group}.${key}`),
    );
    expect(unused).toEqual([]);
  });
});

describe("catalogue shape", () => {
  it("has no empty text", () => {
    const empty = catalogLeaves(fr).filter((leaf) => typeof leaf.value === "string" && !leaf.value.trim());
    expect(empty).toEqual([]);
  });

  it("uses the spec's typography: straight apostrophes except where the spec uses ’, and … for ellipses", () => {
    const texts = catalogTexts(fr);
    const curly = texts.filter((text) => text.includes("’"));
    expect(curly).toEqual(["Impossible d’envoyer votre avis pour le moment."]);
    expect(
      texts.filter((text) =>
        /(?<!dans les avis|un produit|une entreprise|un modèle|un formulaire)\.\.\.$/.test(text),
      ),
    ).toEqual([]);
  });

  it("renders template messages with their values", () => {
    expect(fr.errors.products.limitMessage(3)).toBe(
      "Votre abonnement a atteint la limite de produits (3 produits).",
    );
    expect(fr.validation.publicForm.numberBetween(1, 10)).toBe("Le nombre doit être compris entre 1 et 10.");
    expect(fr.validation.publicForm.numberMin(2)).toBe("La valeur doit être supérieure ou égale à 2.");
    expect(fr.validation.publicForm.numberMax(9)).toBe("La valeur doit être inférieure ou égale à 9.");
    expect(fr.products.card.reminder("Relance douce", 7)).toBe("Relance: Relance douce • J+7");
    expect(fr.settings.company.apiKey.expires("23 nov. 2026")).toBe("Expire le 23 nov. 2026");
    expect(fr.forms.card.moreFields(2)).toBe("+2 autres champs");
    expect(fr.forms.card.moreFields(1)).toBe("+1 autre champ");
  });
});

/**
 * Files allowed to hold French literals outside this package. True exceptions: demo data and
 * developer-only pages. The rest are server and domain messages still to move here;
 * remove a line once its file is migrated — the test then keeps it clean.
 */
const FRENCH_LITERAL_ALLOWED: Record<string, string> = {
  "apps/api/src/modules/seed-catalog/data.ts": "demo catalogue data",
  "apps/api/src/modules/seed-catalog/index.ts": "demo catalogue data",
  "apps/api/src/seed/demo.ts": "demo company name",
  "apps/api/src/main.ts": "developer console banner",
  "apps/api/src/mail/mailbox-routes.tsx": "developer mailbox page",
  "apps/api/src/http/placeholder-page.tsx": "developer page shown before a build",
  "apps/api/src/modules/billing/sandbox-page.tsx": "Stripe sandbox page (stands in for Stripe's own)",
  "apps/api/src/dev/email-previews.ts": "sample values of the e-mail previews (development only)",
  "apps/api/src/dev/email-preview-routes.ts": "developer e-mail preview page",
  "packages/domain/src/insights/french-stop-words.ts":
    "French words the themes skip (language data, never shown)",
};

describe("French text lives only in packages/i18n-fr", () => {
  it("recognises French prose and leaves code alone", () => {
    for (const text of [
      "Ce champ est obligatoire.",
      "Clé API manquante.",
      "Vous pouvez envoyer au plus",
      "Liste déroulante",
      "Veuillez saisir votre mot de passe",
    ])
      expect(looksFrench(text), text).toBe(true);
    for (const text of [
      "companyProductsList",
      "flex items-center gap-2",
      "application/json",
      "/api/v1/public/reviews/",
      "en-US",
      "Content-Type",
      "The reviews of a product",
      "data-state",
      "À",
    ])
      expect(looksFrench(text), text).toBe(false);
  });

  it("finds literals, template parts and JSX text, not comments, imports or regular expressions", () => {
    const source = [
      'import x from "./réglages";',
      "// Un commentaire en français n'est pas du texte affiché.",
      'const a = "Le fichier est vide.";',
      "const b = `Vous pouvez envoyer au plus ${n} fichiers.`;",
      "const c = /[À-ÿ]+/u;",
      "const d = <p>Aucun avis pour le moment</p>;",
    ].join("\n");
    expect(findFrenchLiterals("x.tsx", source).map((f) => [f.line, f.text])).toEqual([
      [3, "Le fichier est vide."],
      [4, "Vous pouvez envoyer au plus"],
      [6, "Aucun avis pour le moment"],
    ]);
  });

  it("has no French literal in apps/*/src or packages/*/src outside the allow-list", () => {
    const found = sourceFiles().flatMap((file) => {
      const relative = path.relative(repoRoot, file.path).split(path.sep).join("/");
      if (relative in FRENCH_LITERAL_ALLOWED) return [];
      return findFrenchLiterals(relative, file.text).map((f) => `${f.path}:${f.line} ${f.text}`);
    });
    expect(found).toEqual([]);
  });

  it("allow-lists only files that exist and still hold French", () => {
    const files = new Map(
      sourceFiles().map((file) => [path.relative(repoRoot, file.path).split(path.sep).join("/"), file.text]),
    );
    const stale = Object.keys(FRENCH_LITERAL_ALLOWED).filter((relative) => {
      const text = files.get(relative);
      return text === undefined || findFrenchLiterals(relative, text).length === 0;
    });
    expect(stale).toEqual([]);
  });
});
