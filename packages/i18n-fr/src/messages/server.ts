import { countOf } from "../format/plural";
import { companySetup } from "./company-setup";
import { errors } from "./errors";
import { apiDocs } from "./server-api-docs";
import { companyDefaults } from "./server-company-defaults";
import { environment } from "./server-env";
import { companyExport } from "./server-export";
import { serverIntegrations } from "./server-integrations";
import { invoicePdf } from "./server-invoice";
import { serverMails } from "./server-mails";
import { serverModeration } from "./server-moderation";
import { serverOperators } from "./server-operators";
import { outbound, webhooks } from "./server-outbound";
import { publicPages } from "./server-public-pages";
import { reviewAlerts, shopMail } from "./server-shop-mail";
import { serverTransparency } from "./server-transparency";
import { validation } from "./validation";

/** The server's answers that are not in spec §8: generic HTTP errors (DRF wording, as the clients expect). */
const http = {
  notFound: "Introuvable.",
  internal: "Erreur interne du serveur.",
  notImplemented: "Non implémenté.",
  unauthenticated: "Informations d'authentification non fournies.",
  invalidToken: "Le jeton est invalide ou expiré.",
  forbidden: "Vous n'avez pas la permission d'effectuer cette action.",
  noCompany: errors.noCompany,
  emailNotConfirmed: "Confirmez d'abord votre adresse e-mail.",
  tooLarge: "La requête est trop volumineuse.",
  invalidJson: "Le corps de la requête n'est pas un JSON valide.",
  unsupportedMediaType: "Type de contenu non pris en charge.",
  throttled: "Trop de requêtes. Veuillez réessayer dans un instant.",
  starting: "Le serveur démarre, veuillez réessayer dans un instant.",
  methodNotAllowed: "Méthode non autorisée.",
  required: validation.publicForm.required,
  blank: validation.fieldEmpty,
  invalid: validation.invalidValue,
  invalidEmail: "Saisissez une adresse e-mail valide.",
  invalidUuid: "Identifiant invalide.",
  invalidDate: "Date invalide.",
  invalidUrl: "Saisissez une URL valide.",
  unknownField: "Champ inconnu.",
} as const;

/** A body that breaks the contract's JSON schema (DRF wording). */
const schema = {
  minLength: (limit: number) => `Assurez-vous que ce champ comporte au moins ${limit} caractères.`,
  maxLength: (limit: number) => `Assurez-vous que ce champ comporte au plus ${limit} caractères.`,
  minimum: (limit: number) => `Assurez-vous que cette valeur est supérieure ou égale à ${limit}.`,
  maximum: (limit: number) => `Assurez-vous que cette valeur est inférieure ou égale à ${limit}.`,
  minItems: (limit: number) => `Ajoutez au moins ${countOf(limit, "élément", "éléments")}.`,
  maxItems: (limit: number) => `Ajoutez au plus ${countOf(limit, "élément", "éléments")}.`,
  choices: (values: string) => `Choix invalide : valeurs possibles ${values}.`,
  integer: "Un nombre entier valide est requis.",
  number: "Un nombre valide est requis.",
  boolean: "Un booléen valide est requis.",
  string: "Une chaîne de caractères valide est requise.",
  array: "Une liste est requise.",
  object: "Un objet est requis.",
} as const;

const multipart = {
  fileTooLarge: (mb: number) => `Le fichier dépasse la taille maximale de ${mb} Mo.`,
  tooManyFiles: (n: number) => `Vous pouvez envoyer au plus ${countOf(n, "fichier", "fichiers")}.`,
  notMultipart: "Envoyez les données en multipart/form-data.",
  invalid: "Le corps multipart/form-data est invalide.",
} as const;

const apiKey = {
  missing: "Clé API manquante.",
  invalid: "Clé API invalide.",
  expired: "Clé API expirée. Régénérez-la dans les paramètres de l'entreprise.",
} as const;

const identity = {
  invalidCredentials: errors.login.invalidCredentials,
  emailTaken: "Un utilisateur avec cette adresse e-mail existe déjà.",
  invalidCode: errors.verification.invalidCode,
  tooManyCodeAttempts: "Trop de tentatives. Demandez un nouveau code.",
  resendTooSoon: errors.verification.throttled,
  alreadyConfirmed: "Votre adresse e-mail est déjà confirmée.",
  invalidResetToken: "Le lien de réinitialisation est invalide ou a expiré.",
  invalidEmailChangeToken: "Le lien de confirmation est invalide ou a expiré.",
  wrongCurrentPassword: "Le mot de passe actuel est incorrect.",
  wrongPassword: "Mot de passe incorrect.",
  ownerCannotLeave: "Vous êtes propriétaire d'une entreprise : supprimez-la avant de supprimer votre compte.",
  tooManyLogins: (minutes: number) =>
    `Trop de tentatives de connexion. Veuillez réessayer dans ${countOf(minutes, "minute", "minutes")}.`,
} as const;

/** Answers of the company operations (shown as toasts by the back-office). */
const company = {
  alreadyInCompany:
    "Vous appartenez déjà à une entreprise. Quittez-la avant d'en créer ou d'en rejoindre une autre.",
  searchTooShort: companySetup.join.minChars,
  nameTooLong: (max: number) => `Assurez-vous que ce champ ne comporte pas plus de ${max} caractères.`,
  logoNotFile: "Envoyez un fichier image, ou null pour retirer le logo.",
  logoNotImage: "Le logo doit être une image (JPEG, PNG, GIF, WebP ou AVIF).",
  logoUnreadable: "Image illisible ou corrompue.",
  slugTaken: "Cette adresse de page publique est déjà prise.",
  slugInvalid:
    "Utilisez de 3 à 60 lettres minuscules sans accent, chiffres ou tirets, sans tiret au début ni à la fin.",
  sirenInvalid: "Ce SIREN n'est pas valide : 9 chiffres.",
  vatNumberInvalid: "Ce numéro de TVA intracommunautaire n'est pas valide (exemple : FR44732829320).",
  billingAddressKept:
    "L'adresse de facturation figure sur chaque facture : modifiez-la, sans la vider, tant qu'une offre payante est en cours.",
  countryInvalid: "Indiquez le pays par son code à deux lettres (FR, BE, CH…).",
} as const;

const team = {
  ownerRoleFixed: "Le rôle du propriétaire ne peut pas être modifié.",
  ownRoleFixed: "Vous ne pouvez pas modifier votre propre rôle.",
  roleNotAllowed: "Choisissez le rôle Membre, Modérateur ou Administrateur.",
  roleAboveOwn: errors.team.roleAboveOwn,
  /** ARCHITECTURE §10.13: nobody changes or removes a member of equal or higher rank. */
  rankNotBelowOwn: "Vous ne pouvez pas modifier un membre de rang égal ou supérieur au vôtre.",
  ownerCannotLeave:
    "Le propriétaire ne peut pas quitter l'entreprise ni en être retiré. Supprimez l'entreprise à la place.",
  alreadyMember: "Cette personne est déjà membre de l'entreprise.",
  alreadyInvited: "Une invitation est déjà en attente pour cet e-mail.",
  invitationNotPending: "Cette invitation n'est plus en attente.",
  invitationExpired: "Cette invitation a expiré. Demandez-en une nouvelle.",
  confirmEmailToAccept:
    "Confirmez votre adresse e-mail pour accepter cette invitation, ou saisissez le code reçu par e-mail.",
  confirmEmailToAnswer: "Confirmez votre adresse e-mail pour répondre à cette invitation.",
  requestAlreadyPending: "Vous avez déjà une demande en attente pour cette entreprise.",
  requestNotPending: "Cette demande n'est plus en attente.",
  requesterHasCompany: "Cette personne a déjà rejoint une entreprise.",
} as const;

const billing = {
  billingAddressRequired: errors.subscription.billingAddressRequired,
  noActiveSubscription: errors.subscription.noActive,
  notLowerPlan: "Choisissez une offre inférieure à votre offre actuelle.",
  changeAlreadyScheduled: "Un changement d'offre est déjà prévu. Annulez-le avant d'en choisir un autre.",
  noScheduledChange: "Aucun changement d'offre prévu.",
  lowerPlanAtPeriodEnd:
    "Une offre inférieure prend effet à la fin de la période en cours : choisissez-la dans Abonnement.",
  alreadySubscribed: (planName: string) => `Vous êtes déjà abonné à l'offre ${planName}.`,
  paymentsDisabled: "Le paiement en ligne n'est pas configuré. Contactez le support.",
  /** The sandbox checkout page (HT first for this B2B product, TTC beside). */
  monthlyHt: (ht: string) => `${ht} HT / mois`,
  ttcBeside: (ttc: string) => `(${ttc} TTC)`,
  upgradeCredit: (plan: string, amount: string) =>
    `Partie non utilisée de l'offre ${plan}, créditée : −${amount} TTC`,
  upgradeDue: (amount: string) => `À payer aujourd'hui : ${amount} TTC`,
  upgradeUntil: (date: string) =>
    `Changement immédiat, au prorata jusqu'au ${date} (fin de la période en cours, qui ne change pas).`,
  upgradeDeclined:
    "Le paiement de la différence a été refusé : mettez à jour votre moyen de paiement, puis réessayez.",
  paymentProviderDown: "Le service de paiement est indisponible. Réessayez dans un instant.",
  redirectNotAllowed: "Cette adresse de redirection n'est pas autorisée.",
  webhookNotConfigured: "Le webhook Stripe n'est pas configuré.",
  badSignature: "Signature Stripe invalide.",
} as const;

const products = {
  /** Held requests of a draft product (issue 42 §2) leave once it is active. */
  activateFirst: "Activez d'abord le produit : ses demandes d'avis partiront ensuite.",
  formNotFound: "Formulaire introuvable.",
  templateNotFound: "Modèle d'e-mail introuvable.",
  notRequestTemplate: "Choisissez un modèle de type « Demande ».",
  notReminderTemplate: "Choisissez un modèle de type « Rappel ».",
  reminderTemplateRequired: "Choisissez un modèle de relance.",
  skuTaken: "Un produit avec ce SKU existe déjà.",
  invalidStatus: "Statut invalide.",
  invalidDelay: (min: number, max: number) => `Indiquez un nombre de jours entre ${min} et ${max}.`,
  invalidBoolean: "Indiquez true ou false.",
  tooLong: (max: number) => `Assurez-vous que ce champ ne dépasse pas ${max} caractères.`,
  imageType: "Le fichier doit être une image (JPEG, PNG, GIF, WebP ou AVIF).",
  hasReviews: "Ce produit a des avis : archivez-le plutôt.",
  invalidGtin: validation.gtinInvalid,
  invalidProductUrl: validation.productUrlInvalid,
  imageUrlNotPublic:
    "Indiquez l'adresse https publique de l'image (sans identifiants, ni adresse locale ou privée).",
} as const;

/** `GET /public/ratings/`: the keys of a listing page. */
const ratings = {
  oneKind: "Indiquez soit skus, soit product_ids (séparés par des virgules).",
  tooMany: (max: number) => `Indiquez au plus ${countOf(max, "produit", "produits")}.`,
  invalidId: "Identifiant de produit invalide.",
} as const;

const orders = {
  productNotFound: "Produit introuvable.",
  productRequired: "Indiquez le produit (product_id ou sku).",
  itemProductRequired: (line: number) => `Produit ${line} : indiquez son product_id ou son sku.`,
  itemProductNotFound: (line: number, name: string) => `Produit ${line} introuvable : ${name}.`,
  /** The list of an order's products in its request or reminder e-mail. */
  itemsIntro: "Vos produits :",
  /** The thanks e-mail of an order of several products: the others still to review. */
  othersIntro: "Et les autres produits de votre commande ?",
  itemLine: (product: string, url: string) => `- ${product} : ${url}`,
  itemLink: "Donner mon avis",
  /** Commandes: 'Envoyer maintenant' and 'Renvoyer' that no longer apply, a bad list cursor. */
  notScheduled: "Aucune demande d'avis programmée pour cette commande : rien à envoyer maintenant.",
  notResendable: "Cette demande d'avis n'est pas en échec, ou a déjà été renvoyée une fois.",
  invalidCursor: "Curseur de page invalide : repartez de la première page.",
} as const;

/** The public review form's submission (review key of the link, answers and files). */
const submission = {
  invalidKey: "Lien d'avis invalide ou expiré.",
  keyUsed: "Un avis a déjà été déposé pour cette commande.",
  storeKeyUsed: "Un avis sur la boutique a déjà été déposé pour cette commande.",
  storeOff: "Cette boutique ne recueille pas d'avis sur elle-même.",
  answersNotObject: "Les réponses doivent être un objet { identifiant de champ : valeur }.",
  fileType: "Ce type de fichier n'est pas autorisé.",
  videoUnreadable:
    "Cette vidéo est illisible : envoyez le fichier MP4 ou MOV tel que votre téléphone l'a enregistré.",
  notUploadField: "Ce champ n'accepte pas de fichier.",
  unknownPart: (name: string) => `Partie inconnue : ${name}.`,
} as const;

/** Why the mail queue cancelled an e-mail (its `last_error`, read by staff and support). */
const mailQueue = {
  orderNotFound: "commande introuvable",
  nothingToSay: "plus rien à annoncer",
  alreadyReviewed: "avis déjà déposé",
  reminderOff: "relance désactivée",
  noTemplate: "aucun modèle d'e-mail",
  suppressed: "adresse exclue des envois",
  anonymized: "acheteur anonymisé",
} as const;

/** The one-click unsubscribe pages and the suppression list. */
const privacy = {
  unsubscribeTitle: "Désinscription",
  unsubscribeQuestion: (company: string) => `Ne plus recevoir de demandes d'avis de ${company} ?`,
  unsubscribeExplain: (company: string) =>
    `${company} ne vous enverra plus aucune demande d'avis ni relance à cette adresse.`,
  unsubscribeConfirm: "Confirmer la désinscription",
  unsubscribedTitle: "Désinscription confirmée",
  unsubscribed: (company: string) => `C'est fait : vous ne recevrez plus de demandes d'avis de ${company}.`,
  invalidLinkTitle: "Lien de désinscription invalide",
  invalidLink: "Ce lien de désinscription n'est pas valide. Copiez-le en entier depuis l'e-mail reçu.",
  suppressionKept:
    "Seule une adresse exclue après un rejet du serveur de messagerie peut être retirée : un acheteur qui s'est désinscrit ou a été effacé ne peut pas être réinscrit.",
  bouncesNotConfigured: "La réception des notifications de non-distribution n'est pas configurée.",
  bouncesBadToken: "Jeton des notifications de non-distribution invalide.",
} as const;

/** Everything the server says in French: `fr.server.http.notFound`, `fr.server.team.alreadyMember`, … */
export const server = {
  http,
  /** The name of a duplicated product, template or form. */
  copyName: (name: string) => `${name} (copie)`,
  schema,
  multipart,
  apiKey,
  identity,
  company,
  team,
  billing,
  products,
  orders,
  ratings,
  submission,
  mailQueue,
  privacy,
  mails: serverMails,
  shopMail,
  reviewAlerts,
  companyDefaults,
  publicPages,
  moderation: serverModeration,
  companyExport,
  integrations: serverIntegrations,
  outbound,
  webhooks,
  invoicePdf,
  environment,
  apiDocs,
  operators: serverOperators,
  transparency: serverTransparency,
} as const;
