/// <reference types="node" />
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { extractSpecStrings } from "./testing/spec-strings";

/**
 * One spelling of the word in every French text: 'e-mail' ('e-mails'), with a capital only where a
 * sentence or a label starts ('E-mail', 'E-mails envoyés ce mois-ci'). Never 'email', 'mail', 'courriel',
 * nor 'E-mail' inside a sentence (issue 42 §5).
 */

/**
 * The specification's own strings, kept exactly as it writes them (its spelling included): the sidebar's
 * and the product form's names (unquoted labels of the spec) and its quoted messages.
 */
const SPEC_VERBATIM = {
  /** Names of a menu entry or a section: a text may name them ('… dans Modèles Email'). */
  names: ["Modèles Email", "Envoi d'email"],
  /** Whole messages. */
  messages: [
    "Email invalide",
    "Veuillez saisir un email valide",
    "Veuillez saisir une adresse email valide.",
    "Impossible de charger les modèles d'emails",
    "Impossible de confirmer le changement d'email.",
    "Veuillez attendre 1 minute avant de renvoyer un nouvel email.",
  ],
} as const;

/**
 * Words of someone else's file that a text quotes as they are written there: a Shopify export's column
 * header, and a header as a shop's own file may name it.
 */
const FOREIGN_WORDS = ["Billing Name, Email…", '{"buyer_email": "Courriel"}'];

/** 'email', 'mail', 'courriel' (and their plurals) not written 'e-mail'. */
const OTHER_WORD = /(?<![\p{L}\p{N}_-])(?:e?-?mails?|courriels?)(?![\p{L}\p{N}_-])/giu;
/** A capital 'E-mail' after a word, a comma or an apostrophe: inside a sentence. */
const CAPITAL_INSIDE = /(?:[\p{Ll}\p{N},;]\s+|['’])E-mails?\b/gu;

/** The spellings a French text uses that are not 'e-mail' (empty when it is right). */
function otherSpellings(text: string): string[] {
  if ((SPEC_VERBATIM.messages as readonly string[]).includes(text)) return [];
  let rest = text;
  for (const name of [...SPEC_VERBATIM.names, ...FOREIGN_WORDS]) rest = rest.split(name).join("");
  const words = [...rest.matchAll(OTHER_WORD)].map((m) => m[0]).filter((w) => !/^e-mails?$/i.test(w));
  const inside = [...rest.matchAll(CAPITAL_INSIDE)].map((m) => m[0].trim());
  return [...words, ...inside];
}

/** Every text a catalogue value gives: strings, lists, and templates called with sample values. */
function texts(value: unknown, at: string, out: { at: string; text: string }[] = []) {
  if (typeof value === "string") out.push({ at, text: value });
  else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) texts(item, `${at}[${i}]`, out);
  } else if (typeof value === "function") {
    const fn = value as (...args: unknown[]) => unknown;
    // Numbers first (counts, plurals), then words; a template that needs other values is left out.
    for (const sample of [2, 1, "Lampe Aurore"]) {
      try {
        const rendered = fn(...Array.from({ length: Math.max(fn.length, 4) }, () => sample));
        if (typeof rendered === "string") out.push({ at: `${at}()`, text: rendered });
      } catch {
        // not a template of these values
      }
    }
  } else if (value && typeof value === "object")
    for (const [key, child] of Object.entries(value)) texts(child, at ? `${at}.${key}` : key, out);
  return out;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const messagesDir = path.join(here, "messages");

/** Every group of the catalogue, the lazy screens' and the server's included (each file of messages/). */
async function wholeCatalogue() {
  const found: { at: string; text: string }[] = [];
  for (const name of readdirSync(messagesDir).filter((n) => n.endsWith(".ts") && !n.endsWith(".test.ts"))) {
    const module = (await import(pathToFileURL(path.join(messagesDir, name)).href)) as Record<
      string,
      unknown
    >;
    for (const [key, value] of Object.entries(module))
      if (typeof value === "object") texts(value, `${name.replace(/\.ts$/, "")}:${key}`, found);
  }
  return found;
}

describe("one spelling: 'e-mail'", () => {
  it("tells the other spellings apart from 'e-mail'", () => {
    for (const wrong of [
      "Vérifiez votre email",
      "Emails envoyés ce mois-ci",
      "40 emails par mois",
      "Email de contact",
      "Un nouveau mail est parti.",
      "Adresse courriel",
      "Votre adresse E-mail est confirmée.",
      "le lien de l'E-mail",
    ])
      expect(otherSpellings(wrong), wrong).not.toEqual([]);
    for (const right of [
      "E-mail",
      "E-mails envoyés ce mois-ci",
      "Vérifiez votre e-mail",
      "Adresse e-mail de l'acheteur",
      "Colonnes : reference, buyer_email, order_date.",
      "mailto:contact@exemple.fr",
      "Modifiez le modèle dans Modèles Email.",
      "Vous avez un e-mail. E-mail suivant : demain.",
      "Veuillez saisir une adresse email valide.",
    ])
      expect(otherSpellings(right), right).toEqual([]);
  });

  it("holds in every text of the catalogue (but the specification's verbatim strings)", async () => {
    const all = await wholeCatalogue();
    expect(all.length).toBeGreaterThan(1000);
    const wrong = all.flatMap(({ at, text }) =>
      otherSpellings(text).length ? [`${at}: ${otherSpellings(text).join(", ")} — ${text}`] : [],
    );
    expect(wrong).toEqual([]);
  });

  it("allows only strings the catalogue holds and the specification writes", async () => {
    const all = new Set((await wholeCatalogue()).map(({ text }) => text));
    const verbatim = [...SPEC_VERBATIM.names, ...SPEC_VERBATIM.messages];
    expect(verbatim.filter((text) => !all.has(text))).toEqual([]);
    const everything = [...all].join("\n");
    expect(FOREIGN_WORDS.filter((words) => !everything.includes(words))).toEqual([]);
    const specPath = path.resolve(here, "../../../../shared/spec/product-spec.md");
    if (!existsSync(specPath)) return;
    const spec = readFileSync(specPath, "utf8");
    const quoted = new Set(extractSpecStrings(spec).map(({ text }) => text));
    expect(SPEC_VERBATIM.messages.filter((text) => !quoted.has(text))).toEqual([]);
    expect(SPEC_VERBATIM.names.filter((name) => !spec.includes(name))).toEqual([]);
  });
});
