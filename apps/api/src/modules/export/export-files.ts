import { CSV_BOM, type CsvCell, csvLine } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import type { Database } from "../../db/client";
import { yieldToLoop } from "../../lib/yield-to-loop";
import { AUDIT_CSV_HEADER } from "../certification/audit-csv";
import { answersWithLabels } from "../reviews/review-views";
import {
  filesOf,
  type OrderCursor,
  ordersPage,
  productsPage,
  type ReviewCursor,
  type ReviewRow,
  reviewsPage,
  trailOf,
} from "./export-pages";

const texts = fr.server.companyExport;
type Columns<K extends keyof typeof texts.columns> = keyof (typeof texts.columns)[K];

/** The header of each CSV file: the column names LISEZMOI.txt describes, in that order. */
const REVIEW_COLUMNS = Object.keys(texts.columns.reviews) as Columns<"reviews">[];
const ORDER_COLUMNS = Object.keys(texts.columns.orders) as Columns<"orders">[];
const PRODUCT_COLUMNS = Object.keys(texts.columns.products) as Columns<"products">[];
// The trail's columns are the audit CSV's own; its description must name each of them.
const AUDIT_COLUMNS: readonly Columns<"audit">[] = AUDIT_CSV_HEADER;

/** Rows read per query; tests may lower them. */
export const exportLimits = { pageSize: { pglite: 200, postgres: 500 } };

/** A stored file to put in the ZIP: its path there and in the storage. */
export interface MediaEntry {
  zipPath: string;
  storagePath: string;
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

function extensionOf(path: string): string {
  const dot = path.lastIndexOf(".");
  return dot > path.lastIndexOf("/") ? path.slice(dot + 1).replace(/[^a-z0-9]/gi, "") : "";
}

export const logoZipPath = (storagePath: string) => `media/logo.${extensionOf(storagePath)}`;
const productImageZipPath = (productId: string, storagePath: string) =>
  `media/produits/${productId}.${extensionOf(storagePath)}`;
const reviewFileZipPath = (reviewId: string, storagePath: string) =>
  `media/avis/${reviewId}/${storagePath.slice(storagePath.lastIndexOf("/") + 1)}`;

function row<K extends string>(columns: readonly K[], values: Record<K, CsvCell>): string {
  return csvLine(columns.map((column) => values[column]));
}

type ReviewFile = Awaited<ReturnType<typeof filesOf>>[number];
type TrailEvent = Awaited<ReturnType<typeof trailOf>>[number];

function byReview<T extends { reviewId: string }>(items: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const list = map.get(item.reviewId);
    if (list) list.push(item);
    else map.set(item.reviewId, [item]);
  }
  return map;
}

/** Every review of the company, page by page, with its stored files (their ZIP paths reported once). */
async function* reviewPages(
  { db, kind }: Pick<Database, "db" | "kind">,
  companyId: string,
  withTrail: boolean,
): AsyncGenerator<{ rows: ReviewRow[]; files: Map<string, ReviewFile[]>; trail: Map<string, TrailEvent[]> }> {
  let after: ReviewCursor | null = null;
  for (;;) {
    await yieldToLoop();
    const rows = await reviewsPage(db, companyId, after, exportLimits.pageSize[kind]);
    const last = rows.at(-1);
    if (!last) return;
    const ids = rows.map((r) => r.review.id);
    const [files, trail] = await Promise.all([filesOf(db, ids), withTrail ? trailOf(db, ids) : []]);
    yield { rows, files: byReview(files), trail: byReview(trail) };
    after = { createdAt: last.cursorAt, id: last.review.id };
  }
}

function answersByLabel(row: ReviewRow): Record<string, unknown> {
  return Object.fromEntries(
    answersWithLabels(row.review.answers, row.review.formSnapshot ?? null).map((a) => [a.label, a.value]),
  );
}

export async function* reviewsCsv(database: Pick<Database, "db" | "kind">, companyId: string) {
  yield `${CSV_BOM}${csvLine(REVIEW_COLUMNS)}`;
  for await (const { rows, files } of reviewPages(database, companyId, false)) {
    yield rows
      .map((r) => {
        const { review } = r;
        return row(REVIEW_COLUMNS, {
          id: review.id,
          date_depot: iso(review.createdAt),
          statut: review.status,
          note: Number(review.rating),
          titre: review.title,
          commentaire: review.comment,
          auteur_prenom: review.authorFirstName,
          auteur_nom: review.authorLastName,
          produit_id: review.productId,
          produit: r.productName,
          produit_sku: r.productSku,
          commande: r.orderReference,
          acheteur_email: r.buyerEmail,
          date_moderation: iso(review.moderatedAt),
          date_publication: review.status === "approved" ? iso(review.publishedAt) : null,
          motif_rejet: review.rejectionReason,
          precision_rejet: review.rejectionNote,
          reponse: review.replyBody,
          date_reponse: iso(review.replyCreatedAt),
          date_retrait: iso(review.withdrawnAt),
          date_expiration: iso(review.expiredAt),
          reponses_formulaire: JSON.stringify(answersByLabel(r)),
          fichiers: (files.get(review.id) ?? []).map((f) => reviewFileZipPath(review.id, f.path)).join("|"),
        });
      })
      .join("");
  }
}

/**
 * The reviews as one JSON array, written object by object. Each stored photo or video met is handed to
 * `onMedia` (the ZIP adds it under `media/avis/`).
 */
export async function* reviewsJson(
  database: Pick<Database, "db" | "kind">,
  companyId: string,
  onMedia: (entry: MediaEntry) => void,
) {
  yield "[";
  let first = true;
  for await (const { rows, files, trail } of reviewPages(database, companyId, true)) {
    const parts: string[] = [];
    for (const r of rows) {
      const { review } = r;
      const stored = (files.get(review.id) ?? []).map((f) => {
        const zipPath = reviewFileZipPath(review.id, f.path);
        onMedia({ zipPath, storagePath: f.path });
        return { champ: f.fieldId, chemin: zipPath, type: f.mimeType, taille_octets: f.sizeBytes };
      });
      const item = {
        id: review.id,
        statut: review.status,
        note: Number(review.rating),
        titre: review.title,
        commentaire: review.comment,
        auteur: { prenom: review.authorFirstName, nom: review.authorLastName },
        produit: { id: review.productId, nom: r.productName, sku: r.productSku },
        commande:
          r.orderReference === null ? null : { reference: r.orderReference, acheteur_email: r.buyerEmail },
        dates: {
          depot: iso(review.createdAt),
          moderation: iso(review.moderatedAt),
          publication: review.status === "approved" ? iso(review.publishedAt) : null,
          retrait: iso(review.withdrawnAt),
          expiration: iso(review.expiredAt),
        },
        rejet: review.rejectionReason
          ? { motif: review.rejectionReason, precision: review.rejectionNote }
          : null,
        reponse: review.replyBody
          ? {
              texte: review.replyBody,
              date: iso(review.replyCreatedAt),
              modifiee: iso(review.replyUpdatedAt),
            }
          : null,
        reponses_formulaire: answersWithLabels(review.answers, review.formSnapshot ?? null).map((a) => ({
          id: a.id,
          libelle: a.label,
          type: a.type,
          valeur: a.value,
        })),
        fichiers: stored,
        journal: (trail.get(review.id) ?? []).map((event) => ({
          date: iso(event.createdAt),
          evenement: event.kind,
          libelle: fr.certification.events[event.kind as keyof typeof fr.certification.events] ?? event.kind,
          par: event.actor,
          membre: event.actorName,
          de: event.fromStatus,
          vers: event.toStatus,
          motif: event.reason,
          note: event.note,
        })),
      };
      parts.push(`${first ? "\n" : ",\n"}${JSON.stringify(item)}`);
      first = false;
    }
    yield parts.join("");
  }
  yield "\n]\n";
}

export async function* ordersCsv({ db, kind }: Pick<Database, "db" | "kind">, companyId: string) {
  yield `${CSV_BOM}${csvLine(ORDER_COLUMNS)}`;
  let after: OrderCursor | null = null;
  for (;;) {
    await yieldToLoop();
    const rows = await ordersPage(db, companyId, after, exportLimits.pageSize[kind]);
    const last = rows.at(-1);
    if (!last) return;
    yield rows
      .map(({ order, productName, productSku, reviewId }) =>
        row(ORDER_COLUMNS, {
          commande: order.reference,
          ligne: order.line,
          date_commande: iso(order.orderDate),
          date_reception: iso(order.createdAt),
          produit_id: order.productId,
          produit: productName,
          produit_sku: productSku,
          acheteur_email: order.buyerEmail,
          acheteur_prenom: order.buyerFirstName,
          acheteur_nom: order.buyerLastName,
          envois_arretes: order.emailStop,
          avis_id: reviewId,
        }),
      )
      .join("");
    after = { reference: last.order.reference, line: last.order.line };
  }
}

/** Every product; each stored image is handed to `onMedia` (the ZIP adds it under `media/produits/`). */
export async function* productsCsv(
  { db, kind }: Pick<Database, "db" | "kind">,
  companyId: string,
  onMedia: (entry: MediaEntry) => void,
) {
  yield `${CSV_BOM}${csvLine(PRODUCT_COLUMNS)}`;
  let afterId: string | null = null;
  for (;;) {
    await yieldToLoop();
    const rows = await productsPage(db, companyId, afterId, exportLimits.pageSize[kind]);
    const last = rows.at(-1);
    if (!last) return;
    yield rows
      .map((product) => {
        const image = product.imagePath ? productImageZipPath(product.id, product.imagePath) : null;
        if (image && product.imagePath) onMedia({ zipPath: image, storagePath: product.imagePath });
        return row(PRODUCT_COLUMNS, {
          id: product.id,
          nom: product.name,
          description: product.description,
          statut: product.status,
          sku: product.sku,
          gtin: product.gtin,
          marque: product.brand,
          url: product.url,
          image,
          delai_demande_jours: product.initialEmailDelayDays,
          rappel: product.sendReminder ? texts.yes : texts.no,
          delai_rappel_jours: product.followUpDelayDays,
          date_creation: iso(product.createdAt),
          date_modification: iso(product.updatedAt),
        });
      })
      .join("");
    afterId = last.id;
  }
}

/** `LISEZMOI.txt`: what each file holds and what each column means (French, CRLF for Windows' Notepad). */
export function readme(companyName: string, date: string): string {
  const describe = (file: string, text: string, columns?: Record<string, string>) => [
    file,
    `  ${text}`,
    ...(columns
      ? [
          `  ${texts.columnsHeading}`,
          ...Object.entries(columns).map(([name, meaning]) => `  - ${name} : ${meaning}`),
        ]
      : []),
    "",
  ];
  const auditColumns = Object.fromEntries(AUDIT_COLUMNS.map((name) => [name, texts.columns.audit[name]]));
  return [
    texts.readmeTitle(companyName, date),
    "",
    ...texts.readmeIntro,
    "",
    ...describe("reviews.csv", texts.files.reviewsCsv, texts.columns.reviews),
    ...describe("reviews.json", texts.files.reviewsJson),
    ...describe("orders.csv", texts.files.ordersCsv, texts.columns.orders),
    ...describe("products.csv", texts.files.productsCsv, texts.columns.products),
    ...describe("audit.csv", texts.files.auditCsv, auditColumns),
    ...describe("templates.json", texts.files.templatesJson),
    ...describe("forms.json", texts.files.formsJson),
    ...describe("members.csv", texts.files.membersCsv, texts.columns.members),
    ...describe("invoices.csv", texts.files.invoicesCsv, texts.columns.invoices),
    ...describe("suppressions.csv", texts.files.suppressionsCsv, texts.columns.suppressions),
    ...describe("webhooks.json", texts.files.webhooksJson),
    ...describe("integrations.json", texts.files.integrationsJson),
    ...describe("media/", texts.files.media),
  ].join("\r\n");
}
