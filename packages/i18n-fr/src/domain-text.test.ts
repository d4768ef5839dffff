import {
  DOMAIN_MESSAGE_CODES,
  type DomainMessage,
  fieldErrorsFromZod,
  formSaveSchema,
  message,
  orderInputSchema,
  validateAnswers,
} from "@certavis/domain";
import { describe, expect, it } from "vitest";
import {
  answerErrorsText,
  domainCodeText,
  domainFieldErrorsText,
  domainIssueText,
  domainText,
  domainToast,
} from "./domain-text";
import { type DomainTexts, domainMessages, planLimitMessages } from "./messages/domain-messages";

/** The exact texts users read before the domain spoke in codes (API 400 bodies, forms, toasts). */
const RENDERED: [DomainMessage, string][] = [
  [message("required"), "Ce champ est obligatoire."],
  [message("fieldEmpty"), "Ce champ ne peut être vide."],
  [message("invalid"), "Valeur invalide."],
  [message("email"), "Veuillez saisir une adresse email valide."],
  [message("insights.fromAfterTo"), "La date de début doit être antérieure ou égale à la date de fin."],
  [message("insights.periodTooLong"), "La période ne peut pas dépasser 2 ans."],
  [message("answer.checkboxRequired"), "Veuillez sélectionner une option."],
  [message("answer.numberBetween", { min: 1, max: 10 }), "Le nombre doit être compris entre 1 et 10."],
  [message("answer.numberMin", { min: 3 }), "La valeur doit être supérieure ou égale à 3."],
  [message("answer.numberMax", { max: 2.5 }), "La valeur doit être inférieure ou égale à 2.5."],
  [message("answer.valueBetween", { min: 0, max: 5 }), "La valeur doit être comprise entre 0 et 5."],
  [message("answer.wholeRating"), "Choisissez une note entière."],
  [message("answer.notANumber"), "Veuillez saisir un nombre valide."],
  [message("answer.notText"), "Veuillez saisir du texte."],
  [message("answer.minLength", { n: 3 }), "Veuillez saisir au moins 3 caractères."],
  [message("answer.maxLength", { n: 1 }), "Veuillez saisir au plus 1 caractère."],
  [message("answer.invalidOption"), "Veuillez choisir une option proposée."],
  [message("answer.tooManyFiles", { n: 1 }), "Vous pouvez envoyer au plus 1 fichier."],
  [message("answer.tooManyFiles", { n: 3 }), "Vous pouvez envoyer au plus 3 fichiers."],
  [message("answer.fileTooLarge", { mb: 10 }), "Chaque fichier doit faire au plus 10 Mo."],
  [message("answer.fileTypeNotAllowed"), "Ce type de fichier n'est pas autorisé."],
  [message("answer.unknownFields", { ids: ["ghost"] }), "Réponse à un champ inconnu : ghost."],
  [message("answer.unknownFields", { ids: ["g1", "g2"] }), "Réponses à des champs inconnus : g1, g2."],
  [message("order.productMissing"), "Indiquez le produit (product_id ou sku)."],
  [message("order.productIdInvalid"), "Identifiant de produit invalide."],
  [message("order.tooLong", { max: 100 }), "Ce champ ne doit pas dépasser 100 caractères."],
  [message("order.orderDate"), "Date invalide : utilisez le format AAAA-MM-JJ ou une date ISO 8601."],
  [
    message("ordersCsv.notCsv"),
    "Le fichier n'est pas un CSV lisible (UTF-8 ou Windows-1252, séparateur virgule ou point-virgule).",
  ],
  [
    message("ordersCsv.tooManyRows"),
    "Le fichier dépasse 10 000 lignes de commandes : découpez-le en plusieurs fichiers.",
  ],
  [
    message("ordersCsv.orderDate"),
    "Date invalide : utilisez le format JJ/MM/AAAA, AAAA-MM-JJ ou une date ISO 8601.",
  ],
  [
    message("ordersCsv.missingColumns", { columns: ["reference", "buyer_email"] }),
    "Colonnes manquantes : « Référence » (reference), « E-mail » (buyer_email).",
  ],
  [
    message("ordersCsv.missingProductColumn"),
    "Le fichier doit contenir une colonne « Produit (SKU) » (sku, UGS, Référence produit…), « Nom du produit » (Lineitem name, Nom de l'article…) ou « Produit (id) » (product_id).",
  ],
  [
    message("ordersCsv.mappingUnknownHeader", { header: "Courriel" }),
    "La colonne « Courriel » choisie n'existe pas dans l'en-tête du fichier.",
  ],
  [
    message("ordersCsv.skippedStatus", { status: "cancelled" }),
    "Commande annulée : ignorée, aucun e-mail ne sera envoyé.",
  ],
  [
    message("ordersCsv.skippedStatus", { status: "refunded" }),
    "Commande remboursée : ignorée, aucun e-mail ne sera envoyé.",
  ],
  [message("ordersCsv.unterminatedQuote", { line: 2 }), "Guillemet non fermé à la ligne 2."],
  [message("ordersCsv.empty"), "Le fichier est vide."],
  [message("ordersCsv.noRows"), "Le fichier ne contient aucune commande."],
  [message("form.minTwoFields"), "Ajoutez au moins deux champs au formulaire."],
  [message("form.oneRequired"), "Marquez au moins un champ comme requis."],
  [message("form.duplicateId", { id: "a" }), "L'identifiant de champ « a » est utilisé plusieurs fois."],
  [message("form.unknownType"), "Type de champ inconnu."],
  [message("form.optionsText"), "Les options doivent être du texte."],
  [message("form.tooFewOptions"), "Ce champ doit proposer au moins deux options."],
  [message("form.titleFieldType"), "Seul un champ texte peut servir de titre de l'avis."],
  [message("form.oneTitleField"), "Un seul champ peut servir de titre de l'avis."],
  [message("form.notAList"), "Le schéma du formulaire doit être une liste de champs."],
  [message("form.maxSizeMb"), "La taille maximale d'un fichier doit être comprise entre 1 et 50 Mo."],
  [message("form.fieldsMismatch"), "Les listes « fields » et « schema » doivent être identiques."],
  [message("password.currentRequired"), "Indiquez votre mot de passe actuel."],
  [message("password.tooShort"), "Utilisez au moins 8 caractères."],
  [message("password.confirmationMismatch"), "Les mots de passe ne correspondent pas."],
  [message("password.tokenMissing"), "Le lien de réinitialisation est invalide ou incomplet."],
  [message("template.missingReviewLink"), "Le contenu doit inclure la variable {{ url_avis }}."],
  [message("invite.invalid"), "Veuillez saisir un email valide"],
  [message("invite.duplicate"), "Cet e-mail est déjà dans la liste des invitations."],
  [message("product.nameRequired"), "Le nom du produit est requis."],
  [message("product.gtinInvalid"), "Code GTIN invalide."],
  [message("product.urlInvalid"), "Indiquez l'adresse http(s) de la page du produit sur votre boutique."],
];

describe("domain message codes → French", () => {
  it.each(RENDERED)("%j reads %j", (domainMessage, expected) => {
    expect(domainText(domainMessage)).toBe(expected);
  });

  it("covers every code the domain exports", () => {
    const covered = new Set(RENDERED.map(([m]) => m.code));
    expect(DOMAIN_MESSAGE_CODES.filter((code) => !covered.has(code))).toEqual([]);
  });

  it("a code without its text does not compile", () => {
    const { required: _dropped, ...rest } = domainMessages;
    // @ts-expect-error: `required` has no text
    const incomplete: DomainTexts = rest;
    expect(Object.keys(incomplete)).not.toContain("required");
    // @ts-expect-error: a parameterised code needs its values
    message("answer.numberMin");
    // @ts-expect-error: an unknown code is no message
    message("answer.unknown");
  });

  it("renders a bare code, and never shows a code or zod's own wording to a user", () => {
    expect(domainCodeText("product.nameRequired")).toBe("Le nom du produit est requis.");
    expect(domainCodeText("order.tooLong")).toBe("Valeur invalide.");
    expect(domainCodeText("Too small: expected string to have >=1 characters")).toBe("Valeur invalide.");
  });

  it("gives toasts their spec title", () => {
    expect(domainToast("password.tooShort")).toEqual({
      title: "Mot de passe trop court",
      description: "Utilisez au moins 8 caractères.",
    });
    expect(domainToast("template.missingReviewLink").title).toBe("Variable manquante");
    expect(domainToast("invalid")).toEqual({ title: "Erreur", description: "Valeur invalide." });
  });

  it("renders zod issues of domain schemas with their values", () => {
    const order = orderInputSchema.safeParse({
      buyer_email: "x",
      buyer_first_name: "A",
      reference: "r".repeat(101),
    });
    expect(order.success).toBe(false);
    if (order.success) return;
    expect(domainFieldErrorsText(fieldErrorsFromZod(order.error))).toEqual({
      buyer_email: ["Veuillez saisir une adresse email valide."],
      reference: ["Ce champ ne doit pas dépasser 100 caractères."],
      product_id: ["Indiquez le produit (product_id ou sku)."],
    });
    const texts = (body: unknown) => {
      const parsed = formSaveSchema.safeParse(body);
      return parsed.success ? [] : parsed.error.issues.map(domainIssueText);
    };
    const field = (id: string, type: string) => ({ id, type, label: id, required: true });
    expect(texts({ name: " ", title: "T", schema: [field("a", "text"), field("b", "robot")] })).toEqual([
      "Ce champ ne peut être vide.",
      "Type de champ inconnu.",
    ]);
    expect(texts({ name: "N", title: "T", schema: [field("a", "text"), field("a", "email")] })).toEqual([
      "L'identifiant de champ « a » est utilisé plusieurs fois.",
    ]);
  });

  it("renders the answer rules' problems by field", () => {
    const fields = [
      { id: "n", type: "number", label: "N", required: true, page: 0, position: 0, min: 2 },
    ] as const;
    expect(answerErrorsText(validateAnswers([...fields], { n: 1, x: 1 }))).toEqual({
      n: "La valeur doit être supérieure ou égale à 2.",
      non_field_errors: "Réponse à un champ inconnu : x.",
    });
  });
});

describe("plan limit messages", () => {
  it.each([
    [planLimitMessages.products(3), "Votre abonnement a atteint la limite de produits (3 produits)."],
    [planLimitMessages.members(1), "Votre abonnement a atteint la limite de membres (1 membre)."],
    [planLimitMessages.members(5), "Votre abonnement a atteint la limite de membres (5 membres)."],
    [
      planLimitMessages.templates(0),
      "Votre abonnement ne permet pas de créer des modèles d'e-mail personnalisés.",
    ],
    [
      planLimitMessages.templates(2),
      "Votre abonnement a atteint la limite de modèles d'e-mail personnalisés (2 modèles).",
    ],
    [planLimitMessages.forms(0), "Votre abonnement ne permet pas de créer des formulaires personnalisés."],
    [
      planLimitMessages.forms(1),
      "Votre abonnement a atteint la limite de formulaires personnalisés (1 formulaire).",
    ],
    [
      planLimitMessages.emailQuota(40),
      "Votre abonnement a atteint son quota d'e-mails du mois (40 e-mails). Les envois reprendront le mois prochain.",
    ],
    [
      planLimitMessages.uploadsNotAllowed,
      "Votre abonnement ne permet pas les champs photo ou vidéo. Passez à une offre supérieure.",
    ],
  ])("%s", (actual, expected) => {
    expect(actual).toBe(expected);
  });
});
