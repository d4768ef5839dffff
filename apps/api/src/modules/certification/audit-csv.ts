import { fr } from "@certavis/i18n-fr/server";
import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { products, reviewEvents, reviews } from "../../db/schema";
import type { ReviewEventKind } from "../review-trail/review-events";

const HEADER = ["date", "avis", "produit", "auteur_avis", "evenement", "par", "de", "vers", "motif", "note"];

function cell(value: string | null | undefined): string {
  const text = value ?? "";
  // Quoted when needed; a leading =, +, - or @ is neutralised (spreadsheet formula injection).
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The company's whole moderation trail, oldest first: UTF-8 with BOM, `;`-separated (French Excel). */
export async function auditCsv(db: DbOrTx, companyId: string): Promise<string> {
  const rows = await db
    .select({
      event: reviewEvents,
      productName: products.name,
      authorFirst: reviews.authorFirstName,
      authorLast: reviews.authorLastName,
    })
    .from(reviewEvents)
    .leftJoin(reviews, eq(reviews.id, reviewEvents.reviewId))
    .leftJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviewEvents.companyId, companyId))
    .orderBy(asc(reviewEvents.seq));
  const events = fr.certification.events;
  const lines = rows.map(({ event, productName, authorFirst, authorLast }) => {
    const by =
      event.actor === "user"
        ? event.actorName
        : event.actor === "author"
          ? fr.certification.actors.author
          : fr.certification.actors.system;
    return [
      event.createdAt.toISOString(),
      event.reviewId,
      productName,
      [authorFirst, authorLast].filter(Boolean).join(" "),
      events[event.kind as ReviewEventKind] ?? event.kind,
      by,
      event.fromStatus,
      event.toStatus,
      event.reason,
      event.note,
    ]
      .map(cell)
      .join(";");
  });
  return `\uFEFF${[HEADER.join(";"), ...lines].join("\r\n")}\r\n`;
}
