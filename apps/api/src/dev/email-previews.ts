import { fr } from "@certavis/i18n-fr/server";
import type { MailMessage } from "../mail/mailer";
import {
  emailChangeConfirmationMail,
  emailChangeNoticeMail,
  passwordChangedMail,
  passwordResetMail,
  verificationCodeMail,
} from "../modules/auth/identity-mails";
import {
  appealOutcomeEmail,
  publicationWarningEmail,
  rejectionEmail,
  replyEmail,
} from "../modules/certification/certification-emails";
import { procedureUrl } from "../modules/certification/withdrawal-token";
import { appealUrl, deriveAppealToken, moderationRulesUrl } from "../modules/moderation/appeal-token";
import { reportOutcomeEmail } from "../modules/moderation/report-outcome";
import { legalFooter } from "../modules/pipeline/mail-render";
import { asShopEmail, renderEmail } from "../modules/pipeline/render-email";
import type { EmailKind } from "../modules/pipeline/schedule";
import { digestEmail } from "../modules/review-alerts/digest";
import { negativeAlertEmail } from "../modules/review-alerts/negative-alert";
import { invitationMail } from "../modules/teams/invitation-mail";
import { endpointDisabledEmail } from "../modules/webhooks/disabled-mail";

/** Sample values every preview uses (loopback addresses only). */
export const SAMPLE = {
  publicUrl: "http://127.0.0.1:3000",
  formUrl: "http://127.0.0.1:5174",
  widgetUrl: "http://127.0.0.1:5175",
  companyId: "00000000-0000-4000-8000-000000000001",
  orderId: "00000000-0000-4000-8000-000000000002",
  companyName: "La Fromagerie Zoé",
  firstName: "Camille",
  buyerEmail: "camille@exemple.fr",
  staffEmail: "admin@exemple.fr",
  reviewUrl: "http://127.0.0.1:5174/r/exemple-de-cle",
  secret: "secret-des-apercus",
  at: new Date("2026-03-14T09:00:00Z"),
} as const;

const SAMPLE_TEMPLATES: Record<EmailKind, { subject: string; body: string }> = {
  request: {
    subject: "Votre avis sur {{nom_produit}}",
    body: "Bonjour {{prenom_acheteur}},\n\nMerci pour votre commande chez {{nom_entreprise}}. Que pensez-vous de {{nom_produit}} ?\n\n{{url_avis}}",
  },
  reminder: {
    subject: "Un instant pour {{nom_produit}} ?",
    body: "Bonjour {{prenom_acheteur}},\n\nVotre avis sur {{nom_produit}} nous aiderait beaucoup : {{url_avis}}",
  },
  thanks: {
    subject: "Merci pour votre avis, {{prenom_acheteur}}",
    body: "Bonjour {{prenom_acheteur}},\n\nMerci d'avoir donné votre avis sur {{nom_produit}}.\n\n{{nom_entreprise}}",
  },
};

/** A request, reminder or thanks e-mail of the sample order: a shop template in the layout. */
async function orderEmail(kind: EmailKind): Promise<MailMessage> {
  const items = [
    { name: "Comté 18 mois", imageUrl: null, reviewUrl: SAMPLE.reviewUrl },
    { name: "Brie de Meaux", imageUrl: null, reviewUrl: `${SAMPLE.reviewUrl}-2` },
  ];
  const email = renderEmail(SAMPLE_TEMPLATES[kind], {
    nom_entreprise: SAMPLE.companyName,
    nom_produit: items.map((i) => i.name).join(", "),
    prenom_acheteur: SAMPLE.firstName,
    nom_acheteur: "Durand",
    email_acheteur: SAMPLE.buyerEmail,
    url_avis: SAMPLE.reviewUrl,
  });
  const unsubscribe = kind === "thanks" ? null : `${SAMPLE.publicUrl}/unsubscribe/exemple`;
  const footer = legalFooter(
    kind,
    { order: { id: SAMPLE.orderId }, company: { id: SAMPLE.companyId, name: SAMPLE.companyName } },
    { formUrl: SAMPLE.formUrl, widgetUrl: SAMPLE.widgetUrl, reviewKeySecrets: () => [SAMPLE.secret] },
    items.map((i) => i.name).join(", "),
    unsubscribe,
  );
  const rendered = await asShopEmail(
    email,
    { name: SAMPLE.companyName, logoUrl: null },
    kind === "thanks" ? [] : items,
    kind !== "thanks",
    footer,
    undefined,
    // The question about the shop comes first in a request or a reminder ('Avis sur la boutique').
    kind === "thanks"
      ? null
      : {
          name: fr.server.shopMail.storeQuestion(SAMPLE.companyName),
          imageUrl: null,
          reviewUrl: SAMPLE.reviewUrl,
        },
  );
  return { to: SAMPLE.buyerEmail, fromName: SAMPLE.companyName, ...rendered };
}

/** The template editor's test e-mail (a shop template, no footer). */
async function testEmail(): Promise<MailMessage> {
  const previewUrl = `${SAMPLE.formUrl}/apercu/${SAMPLE.companyId}`;
  const email = renderEmail(
    {
      subject: `${fr.templates.testEmail.subjectPrefix}Votre avis compte`,
      body: "Bonjour {{prenom_acheteur}},\n\n{{url_avis}}",
    },
    {
      nom_entreprise: SAMPLE.companyName,
      nom_produit: fr.templates.testEmail.exampleProduct,
      prenom_acheteur: SAMPLE.firstName,
      nom_acheteur: "Durand",
      email_acheteur: SAMPLE.staffEmail,
      url_avis: previewUrl,
    },
  );
  const rendered = await asShopEmail(
    email,
    { name: SAMPLE.companyName, logoUrl: null },
    [{ name: fr.templates.testEmail.exampleProduct, imageUrl: null, reviewUrl: previewUrl }],
    false,
  );
  return { to: SAMPLE.staffEmail, ...rendered };
}

const procedure = procedureUrl(SAMPLE.widgetUrl, SAMPLE.companyId);
const rules = moderationRulesUrl(SAMPLE.publicUrl);
const sampleDecisionId = "00000000-0000-4000-8000-000000000003";
const appealOutcome = (outcome: "upheld" | "overturned") =>
  appealOutcomeEmail({
    to: SAMPLE.buyerEmail,
    firstName: SAMPLE.firstName,
    productName: "Comté 18 mois",
    companyName: SAMPLE.companyName,
    outcome,
    decision: "removed",
    note: outcome === "overturned" ? "Le numéro cité est celui du service client." : null,
    rulesUrl: rules,
    procedureUrl: procedure,
  });
const alertedReview = {
  companyName: SAMPLE.companyName,
  productName: "Comté 18 mois",
  rating: 2,
  authorFirstName: "Camille",
  title: "Trop sec",
  comment: "Le fromage est arrivé abîmé.",
};

/** Every e-mail the server sends, by name, rendered with the sample values. */
export const EMAIL_PREVIEWS: Record<string, () => Promise<Omit<MailMessage, "code"> & { code?: string }>> = {
  "verification-code": () =>
    verificationCodeMail({
      to: SAMPLE.staffEmail,
      firstName: SAMPLE.firstName,
      code: "482913",
      publicUrl: SAMPLE.publicUrl,
    }),
  "password-reset": () =>
    passwordResetMail({
      to: SAMPLE.staffEmail,
      firstName: SAMPLE.firstName,
      token: "jeton-exemple",
      publicUrl: SAMPLE.publicUrl,
    }),
  "email-change-confirmation": () =>
    emailChangeConfirmationMail({
      to: "nouvelle@exemple.fr",
      firstName: SAMPLE.firstName,
      token: "jeton-exemple",
      publicUrl: SAMPLE.publicUrl,
    }),
  "email-change-notice": () =>
    emailChangeNoticeMail({
      to: SAMPLE.staffEmail,
      firstName: SAMPLE.firstName,
      newEmail: "nouvelle@exemple.fr",
    }),
  "password-changed": () => passwordChangedMail({ to: SAMPLE.staffEmail, firstName: SAMPLE.firstName }),
  invitation: () =>
    invitationMail({
      to: "recrue@exemple.fr",
      companyName: SAMPLE.companyName,
      inviterName: "Camille Durand",
      role: "manager",
      code: "INV-4829",
      link: `${SAMPLE.publicUrl}/register`,
      expiresAt: SAMPLE.at,
    }),
  "negative-review-alert": () =>
    negativeAlertEmail({
      to: SAMPLE.staffEmail,
      firstName: SAMPLE.firstName,
      review: alertedReview,
      reviewsUrl: `${SAMPLE.publicUrl}/reviews`,
    }),
  "review-digest": () =>
    digestEmail({
      to: SAMPLE.staffEmail,
      firstName: SAMPLE.firstName,
      companyName: SAMPLE.companyName,
      count: 4,
      reviews: [
        { product: "Comté 18 mois", rating: "5.0", author: "Lou", title: "Parfait", comment: "Fondant." },
        { product: "Brie de Meaux", rating: "4.5", author: "Sam", title: "", comment: "Très bon." },
        { product: null, rating: "5.0", author: "Inès", title: "", comment: "Colis soigné." },
      ],
      reviewsUrl: `${SAMPLE.publicUrl}/reviews`,
    }),
  "webhook-endpoint-disabled": () =>
    endpointDisabledEmail({
      to: SAMPLE.staffEmail,
      firstName: SAMPLE.firstName,
      endpointUrl: "http://127.0.0.1:9000/hooks",
      settingsUrl: `${SAMPLE.publicUrl}/settings?tab=webhooks`,
    }),
  request: () => orderEmail("request"),
  reminder: () => orderEmail("reminder"),
  thanks: () => orderEmail("thanks"),
  "template-test": testEmail,
  rejection: () =>
    rejectionEmail({
      to: SAMPLE.buyerEmail,
      firstName: SAMPLE.firstName,
      productName: "Comté 18 mois",
      companyName: SAMPLE.companyName,
      reason: "off_topic",
      note: "Votre avis parle de la livraison d'un autre magasin.",
      procedureUrl: procedure,
    }),
  reply: () =>
    replyEmail({
      to: SAMPLE.buyerEmail,
      firstName: SAMPLE.firstName,
      productName: "Comté 18 mois",
      companyName: SAMPLE.companyName,
      reply: "Merci Camille, nous vous renvoyons un fromage.",
      procedureUrl: procedure,
    }),
  "statement-of-reasons": () =>
    rejectionEmail({
      to: SAMPLE.buyerEmail,
      firstName: SAMPLE.firstName,
      productName: "Comté 18 mois",
      companyName: SAMPLE.companyName,
      reason: "personal_data",
      note: "Votre avis cite un numéro de téléphone.",
      procedureUrl: procedure,
      statement: {
        decision: "removed",
        facts:
          "Les contrôles automatiques ont relevé : Numéro de téléphone dans le texte. L'avis a été examiné par un opérateur de Certavis.",
        automated: true,
        decidedBy: "operator",
        rulesUrl: rules,
        appealUrl: appealUrl(SAMPLE.publicUrl, deriveAppealToken(SAMPLE.secret, sampleDecisionId)),
      },
    }),
  "report-outcome": () =>
    reportOutcomeEmail({
      to: "temoin@exemple.fr",
      companyName: SAMPLE.companyName,
      outcome: "removed",
      rulesUrl: rules,
    }),
  "appeal-outcome-overturned": () => appealOutcome("overturned"),
  "appeal-outcome-upheld": () => appealOutcome("upheld"),
  "publication-warning": () =>
    publicationWarningEmail({
      to: SAMPLE.staffEmail,
      companyName: SAMPLE.companyName,
      reviews: [{ author: "Camille D.", productName: "Comté 18 mois", date: "21 mars 2026" }],
    }),
};
