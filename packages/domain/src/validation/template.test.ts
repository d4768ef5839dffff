import { describe, expect, it } from "vitest";
import {
  containsReviewLink,
  isTemplateTypeLocked,
  renderTemplate,
  SAMPLE_TEMPLATE_VALUES,
  TEMPLATE_VARIABLES,
  templateInputSchema,
  usedVariables,
  validateTemplateBody,
} from "./template";

describe("template types", () => {
  it.each([
    [{ type: "thanks" }, true],
    [{ type: "request", is_default: true }, true],
    [{ type: "request", is_default: false }, false],
    [{ type: "reminder" }, false],
  ])("isTemplateTypeLocked(%j) = %s", (template, expected) => {
    expect(isTemplateTypeLocked(template)).toBe(expected);
  });

  it("lists the editor variables", () => {
    expect(TEMPLATE_VARIABLES).toEqual([
      "nom_entreprise",
      "nom_produit",
      "prenom_acheteur",
      "nom_acheteur",
      "email_acheteur",
      "url_avis",
    ]);
  });
});

describe("validateTemplateBody", () => {
  const missing = "template.missingReviewLink";
  it.each([
    ["request", "Donnez votre avis : {{ url_avis }}", null],
    ["request", "Lien {{url_avis}}", null],
    ["reminder", "Lien {{   url_avis   }}", null],
    ["request", "Pas de lien", missing],
    ["reminder", "Lien {url_avis}", missing],
    ["reminder", "url_avis", missing],
    ["thanks", "Merci !", null],
    ["REQUEST", "rien", missing],
  ])("%s %j → %j", (type, body, expected) => {
    expect(validateTemplateBody(type, body)).toEqual(expected);
  });

  it("containsReviewLink tolerates spaces", () => {
    expect(containsReviewLink("{{ url_avis}}")).toBe(true);
    expect(containsReviewLink("{{ url }}")).toBe(false);
  });
});

describe("renderTemplate", () => {
  it.each([
    ["Bonjour {{ prenom_acheteur }} !", { prenom_acheteur: "Marie" }, "Bonjour Marie !"],
    [
      "{{prenom_acheteur}} {{ nom_acheteur }}",
      { prenom_acheteur: "Marie", nom_acheteur: "Dupont" },
      "Marie Dupont",
    ],
    ["Hi {{ inconnu }}", { prenom_acheteur: "Marie" }, "Hi {{ inconnu }}"],
    ["{{ nom_produit }}", {}, "{{ nom_produit }}"],
    ["{{ nom_produit }}", { nom_produit: "" }, ""],
    [
      "{{ company_name }} / {{ url_review }}",
      { nom_entreprise: "ACME", url_avis: "https://x" },
      "ACME / https://x",
    ],
    ["{{ nom_produit }} x2 {{ nom_produit }}", { nom_produit: "Lampe" }, "Lampe x2 Lampe"],
    ["Note {{ n }}", { n: 4 }, "Note 4"],
  ])("%j with %j → %j", (text, values, expected) => {
    expect(renderTemplate(text, values)).toBe(expected);
  });

  it("escapes values (not the template) with html: true", () => {
    const values = { prenom_acheteur: "<b>\"Tom\" & 'Jerry'</b>" };
    expect(renderTemplate("<p>{{ prenom_acheteur }}</p>", values, { html: true })).toBe(
      "<p>&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;</p>",
    );
    expect(renderTemplate("<p>{{ prenom_acheteur }}</p>", values)).toBe(`<p>${values.prenom_acheteur}</p>`);
  });

  it("renders every editor variable with the sample values", () => {
    const text = TEMPLATE_VARIABLES.map((v) => `{{ ${v} }}`).join("|");
    expect(renderTemplate(text, SAMPLE_TEMPLATE_VALUES)).toBe(
      TEMPLATE_VARIABLES.map((v) => SAMPLE_TEMPLATE_VALUES[v]).join("|"),
    );
  });

  it("lists used variables once", () => {
    expect(usedVariables("{{ a }} {{b}} {{ a }}")).toEqual(["a", "b"]);
  });
});

describe("templateInputSchema", () => {
  it("requires the review link on request bodies", () => {
    const result = templateInputSchema.safeParse({ name: "N", subject: "S", body: "x", type: "request" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ["body"],
      message: "template.missingReviewLink",
    });
  });

  it.each([
    [{ name: "N", subject: "S", body: "{{ url_avis }}", type: "reminder" }, true],
    [{ name: "N", subject: "S", body: "Merci", type: "thanks" }, true],
    [{ name: " ", subject: "S", body: "Merci", type: "thanks" }, false],
    [{ name: "N", subject: "S", body: "Merci", type: "other" }, false],
  ])("%j valid: %s", (input, expected) => {
    expect(templateInputSchema.safeParse(input).success).toBe(expected);
  });
});
