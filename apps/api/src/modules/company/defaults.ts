import { REMINDER_DELAY, REQUEST_DELAY } from "@certavis/domain";
import type { Tx } from "../../db/client";
import { emailTemplates, forms } from "../../db/schema";

/** ARCHITECTURE §10.5: the defaults every new company gets, so a first product works at once. */
export const DEFAULT_TEMPLATES = [
  {
    type: "request",
    name: "Demande d'avis",
    subject: "Votre avis sur {{ nom_produit }} compte pour nous",
    body: [
      "Bonjour {{ prenom_acheteur }},",
      "",
      "Merci pour votre achat de {{ nom_produit }} chez {{ nom_entreprise }}.",
      "Pourriez-vous prendre environ 3 minutes pour nous donner votre avis ? Il sera publié comme avis certifié, car vous avez réellement acheté ce produit.",
      "",
      "Donner mon avis : {{ url_avis }}",
      "",
      "Merci d'avance,",
      "L'équipe {{ nom_entreprise }}",
    ].join("\n"),
    sendAfter: REQUEST_DELAY.default,
    remindAfter: null,
  },
  {
    type: "reminder",
    name: "Relance",
    subject: "Un instant pour donner votre avis sur {{ nom_produit }} ?",
    body: [
      "Bonjour {{ prenom_acheteur }},",
      "",
      "Vous n'avez pas encore eu le temps de donner votre avis sur {{ nom_produit }}. Votre retour aide les autres clients et nous aide à nous améliorer.",
      "",
      "Donner mon avis : {{ url_avis }}",
      "",
      "Merci,",
      "L'équipe {{ nom_entreprise }}",
    ].join("\n"),
    sendAfter: null,
    remindAfter: REMINDER_DELAY.default,
  },
  {
    type: "thanks",
    name: "Remerciement",
    subject: "Merci pour votre avis sur {{ nom_produit }}",
    body: [
      "Bonjour {{ prenom_acheteur }},",
      "",
      "Merci d'avoir pris le temps de donner votre avis sur {{ nom_produit }}. Il sera publié après vérification par notre équipe.",
      "",
      "À bientôt,",
      "L'équipe {{ nom_entreprise }}",
    ].join("\n"),
    sendAfter: null,
    remindAfter: null,
  },
] as const;

export const DEFAULT_FORM = {
  name: "Formulaire par défaut",
  title: "Donnez votre avis",
  description: "Votre avis nous aide à nous améliorer. Cela prend environ 3 minutes.",
  schema: [
    {
      id: "rating",
      name: "rating",
      type: "rating",
      label: "Quelle note donnez-vous à ce produit ?",
      required: true,
      page: 0,
      position: 0,
      rating_max: 5,
      rating_type: "star",
    },
    {
      id: "comment",
      name: "comment",
      type: "textarea",
      label: "Votre commentaire",
      required: false,
      page: 0,
      position: 1,
      max_length: 2000,
    },
  ],
};

export interface CompanyDefaults {
  requestTemplateId: string;
  reminderTemplateId: string;
  thanksTemplateId: string;
  formId: string;
}

/** Creates the default templates (request, reminder, thanks; `is_default`) and the default form. */
export async function createCompanyDefaults(tx: Tx, companyId: string): Promise<CompanyDefaults> {
  const templates = await tx
    .insert(emailTemplates)
    .values(
      DEFAULT_TEMPLATES.map((t) => ({
        companyId,
        type: t.type,
        name: t.name,
        subject: t.subject,
        body: t.body,
        sendAfter: t.sendAfter,
        remindAfter: t.remindAfter,
        isDefault: true,
      })),
    )
    .returning({ id: emailTemplates.id, type: emailTemplates.type });
  const [form] = await tx
    .insert(forms)
    .values({ companyId, ...DEFAULT_FORM, status: "active", isDefault: true })
    .returning({ id: forms.id });
  const byType = (type: string) => {
    const found = templates.find((t) => t.type === type);
    if (!found) throw new Error(`default ${type} template not created`);
    return found.id;
  };
  if (!form) throw new Error("default form not created");
  return {
    requestTemplateId: byType("request"),
    reminderTemplateId: byType("reminder"),
    thanksTemplateId: byType("thanks"),
    formId: form.id,
  };
}
