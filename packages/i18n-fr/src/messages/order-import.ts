import { formatInteger } from "../format/number";
import { plural } from "../format/plural";
import { orderColumns } from "./order-columns";

const n = formatInteger;

const ordersAndProducts = (orders: number, products: number) =>
  `${n(orders)} ${plural(orders, "commande", "commandes")} (${n(products)} ${plural(products, "produit", "produits")})`;

/** 'A, B, C' — the first ten names, then '…'. */
const productList = (names: readonly string[]) =>
  names.length > 10 ? `${names.slice(0, 10).join(", ")}, …` : names.join(", ");

/** The order import screen (/orders/import) and the import endpoints' French answers. */
export const orderImport = {
  title: "Importer des commandes",
  subtitle:
    "Ajoutez en une fois les commandes de votre boutique : chaque acheteur recevra sa demande d'avis.",
  backToOrders: "Retour aux commandes",
  /** Several products in one order (issue 23): one request e-mail for them all. */
  helpItems:
    "Les lignes qui partagent une même reference forment une seule commande : un seul e-mail à l'acheteur, avec un lien d'avis par produit.",
  help: "Colonnes : reference, sku (ou product_id), buyer_email, buyer_first_name, buyer_last_name, order_date. Séparateur « ; » ou « , », fichier UTF-8 ou Windows-1252 (Excel), dates JJ/MM/AAAA ou AAAA-MM-JJ, 10 000 lignes au plus. Les exports Shopify et WooCommerce sont reconnus (N° commande, UGS, Lineitem sku, Billing Name, Email…) ; une colonne non reconnue peut être associée à la main.",
  downloadModel: "Télécharger le modèle CSV",
  modelFilename: "modele-commandes.csv",
  /** Example lines of the model file (';' separated, under the header the import reads). */
  modelLines: [
    "CMD-2026-0001;LAMP-001;lea.bernard@exemple.fr;Léa;Bernard;20/11/2026",
    "CMD-2026-0002;LAMP-001;hugo.lefevre@exemple.fr;Hugo;Lefèvre;2026-11-21",
  ],
  dropZone: "Déposez votre fichier CSV ici",
  or: "ou",
  chooseFile: "Choisir un fichier",
  fileInputLabel: "Fichier CSV de commandes",
  reading: "Lecture du fichier…",
  previewTitle: (filename: string) => `Aperçu : ${filename}`,
  previewSummary: (rows: number, separator: string, encoding: string) =>
    `${n(rows)} ${plural(rows, "ligne", "lignes")} de commandes · séparateur « ${separator} » · ${encoding}`,
  encodings: { "utf-8": "UTF-8", "windows-1252": "Windows-1252 (Excel)" },
  previewCaption: (shown: number) =>
    shown < 2
      ? "La première ligne, avec les colonnes reconnues"
      : `Les ${shown} premières lignes, avec les colonnes reconnues`,
  lineColumn: "Ligne",
  columns: orderColumns,
  ignoredColumn: (name: string) => `${name} (ignorée)`,
  mappingTitle: "Associer les colonnes",
  mappingHelp:
    "Certaines colonnes obligatoires n'ont pas été reconnues : choisissez la colonne de votre fichier qui contient chacune.",
  mappingChoose: "Choisir une colonne…",
  /** Any column can be mapped by hand (issue 42 §2), the recognised ones included. */
  mappingOthers: "Associer d'autres colonnes (date, nom du produit, état de la commande…)",
  mappingOthersHelp:
    "Sans choix, la colonne reconnue d'après son intitulé est utilisée ; choisissez une colonne pour la remplacer.",
  dueAtOnce: (count: number) =>
    count === 0
      ? "Aucun e-mail de demande ne partira dès l'import : chaque commande attend son délai d'envoi."
      : `${n(count)} ${plural(count, "e-mail de demande partira", "e-mails de demande partiront")} dès l'import (${plural(count, "commande plus ancienne que son délai d'envoi", "commandes plus anciennes que leur délai d'envoi")}).`,
  skipOldOrders: "Ne pas écrire aux acheteurs dont la commande date de plus de 30 jours",
  skipOldOrdersHelp: "Ces commandes seront enregistrées, sans e-mail de demande.",
  skuColumn: "SKU",
  /** Orders and their products counted apart (issue 42 §2): 'À importer : 64 commandes (100 produits).' */
  previewCounts: (orders: number, products: number) => `À importer : ${ordersAndProducts(orders, products)}.`,
  /** The products an import creates, named (the first ones, then '…'). */
  newProductsPreview: (names: readonly string[]) =>
    `${n(names.length)} ${plural(names.length, "nouveau produit sera créé", "nouveaux produits seront créés")} : ${productList(names)}`,
  newProductsDone: (names: readonly string[]) =>
    `${n(names.length)} ${plural(names.length, "nouveau produit créé", "nouveaux produits créés")} : ${productList(names)}`,
  skippedPreview: (orders: number) =>
    `${n(orders)} ${plural(orders, "commande annulée ou remboursée sera ignorée", "commandes annulées ou remboursées seront ignorées")} : aucun e-mail ne ${plural(orders, "lui", "leur")} sera envoyé.`,
  skippedDone: (orders: number) =>
    `${n(orders)} ${plural(orders, "commande annulée ou remboursée ignorée", "commandes annulées ou remboursées ignorées")}.`,
  draftOnlyPreview: (orders: number) =>
    `${n(orders)} ${plural(orders, "commande ne recevra", "commandes ne recevront")} aucun e-mail : tous leurs produits sont en brouillon. Activez ces produits pour envoyer leurs demandes.`,
  draftOnlyDone: (orders: number) =>
    `${n(orders)} ${plural(orders, "commande enregistrée", "commandes enregistrées")} sans e-mail : tous leurs produits sont en brouillon. Activez ces produits pour envoyer leurs demandes.`,
  completedDone: (orders: number, products: number) =>
    `${n(orders)} ${plural(orders, "commande déjà importée complétée", "commandes déjà importées complétées")} : ${n(products)} ${plural(products, "produit ajouté", "produits ajoutés")}.`,
  start: (orders: number) => `Importer ${n(orders)} ${plural(orders, "commande", "commandes")}`,
  changeFile: "Changer de fichier",
  progressLabel: "Progression de l'import",
  progress: (processed: number, total: number) =>
    `Import en cours… ${n(processed)} / ${n(total)} ${plural(total, "ligne", "lignes")}`,
  doneTitle: "Import terminé",
  failedTitle: "Import interrompu",
  created: "Commandes créées",
  existing: "Produits déjà connus",
  refused: "Lignes refusées",
  summary: (orders: number, products: number, existing: number, refused: number) =>
    `${n(orders)} ${plural(orders, "commande créée", "commandes créées")} (${n(products)} ${plural(products, "produit", "produits")}), ${n(existing)} ${plural(existing, "produit déjà connu", "produits déjà connus")}, ${n(refused)} ${plural(refused, "ligne refusée", "lignes refusées")}.`,
  refusedTitle: "Lignes refusées",
  reasonColumn: "Motif",
  downloadRefused: "Télécharger les lignes refusées (CSV)",
  refusedFilename: "lignes-refusees.csv",
  refusedCsvHeader: ["ligne", "sku", "motif"],
  noneRefused: "Aucune ligne refusée.",
  importAnother: "Importer un autre fichier",
  latestImport: (filename: string, startedAt: string) =>
    `Dernier import : ${filename}, lancé le ${startedAt}`,
  startFailed: "L'import n'a pas pu démarrer. Réessayez.",
  followFailed: "Impossible de suivre l'import. Rechargez la page.",
  /** Server answers. */
  server: {
    missingFile: "Ajoutez un fichier CSV (champ « file »).",
    badMapping:
      'Correspondance des colonnes illisible : envoyez un objet JSON colonne → intitulé de l\'en-tête (ex. {"buyer_email": "Courriel"}).',
    alreadyRunning:
      "Un import de commandes est déjà en cours pour votre entreprise. Attendez qu'il se termine.",
    timeCap: (processed: number, total: number, minutes: number) =>
      `L'import a dépassé ${minutes} ${plural(minutes, "minute", "minutes")} et a été arrêté après ${n(processed)} ${plural(processed, "ligne", "lignes")} sur ${n(total)}. Réimportez le fichier : les commandes déjà créées seront reconnues.`,
    failed: (processed: number, total: number) =>
      `L'import a échoué après ${n(processed)} ${plural(processed, "ligne", "lignes")} sur ${n(total)}. Réimportez le fichier : les commandes déjà créées seront reconnues.`,
    interrupted: (processed: number, total: number) =>
      `L'import a été interrompu (serveur arrêté) après ${n(processed)} ${plural(processed, "ligne", "lignes")} sur ${n(total)}. Réimportez le fichier : les commandes déjà créées seront reconnues.`,
  },
} as const;
