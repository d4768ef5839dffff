import { CSV_BOM, csvLine } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { and, asc, eq, gt, lte, max } from "drizzle-orm";
import type { Database, DbOrTx } from "../../db/client";
import { products, reviewEvents, reviews } from "../../db/schema";
import { yieldToLoop } from "../../lib/yield-to-loop";
import type { ReviewEventKind } from "../review-trail/review-events";

export const AUDIT_CSV_HEADER = [
  "date",
  "avis",
  "produit",
  "auteur_avis",
  "evenement",
  "par",
  "de",
  "vers",
  "motif",
  "note",
] as const;

/** Bounds of an export; tests may lower them. */
export const auditCsvLimits = {
  /**
   * Trail rows read per query: the server holds one page at a time, never the whole trail. On
   * PGlite a page's query runs on the server's own thread (and its rows are read there): smaller
   * pages keep each piece of work short for the requests waiting behind it.
   */
  pageSize: { pglite: 200, postgres: 250 },
};

const trailPage = (db: DbOrTx, companyId: string, after: number, upTo: number, limit: number) =>
  db
    .select({
      event: reviewEvents,
      productName: products.name,
      authorFirst: reviews.authorFirstName,
      authorLast: reviews.authorLastName,
    })
    .from(reviewEvents)
    .leftJoin(reviews, eq(reviews.id, reviewEvents.reviewId))
    .leftJoin(products, eq(products.id, reviews.productId))
    .where(
      and(eq(reviewEvents.companyId, companyId), gt(reviewEvents.seq, after), lte(reviewEvents.seq, upTo)),
    )
    .orderBy(asc(reviewEvents.seq))
    .limit(limit);

function line({
  event,
  productName,
  authorFirst,
  authorLast,
}: Awaited<ReturnType<typeof trailPage>>[number]) {
  const by =
    event.actor === "user"
      ? event.actorName
      : event.actor === "author"
        ? fr.certification.actors.author
        : event.actor === "operator"
          ? fr.certification.actors.operator
          : fr.certification.actors.system;
  return csvLine([
    event.createdAt.toISOString(),
    event.reviewId,
    productName,
    [authorFirst, authorLast].filter(Boolean).join(" "),
    fr.certification.events[event.kind as ReviewEventKind] ?? event.kind,
    by,
    event.fromStatus,
    event.toStatus,
    event.reason,
    event.note,
  ]);
}

/**
 * The company's whole moderation trail, oldest first: UTF-8 with BOM, `;`-separated (French Excel),
 * one chunk per page of rows. The pages are read by `seq` (keyset), each by its own short query: no
 * transaction stays open meanwhile (PGlite is one session: an open cursor would hold every other
 * request's query until the end of the export). Events recorded after the export began are left out.
 */
export async function* auditCsvChunks(
  { db, kind }: Pick<Database, "db" | "kind">,
  companyId: string,
): AsyncGenerator<string> {
  const pageSize = auditCsvLimits.pageSize[kind];
  yield `${CSV_BOM}${csvLine(AUDIT_CSV_HEADER)}`;
  const [last] = await db
    .select({ seq: max(reviewEvents.seq) })
    .from(reviewEvents)
    .where(eq(reviewEvents.companyId, companyId));
  const upTo = Number(last?.seq ?? 0);
  let after = 0;
  while (after < upTo) {
    await yieldToLoop();
    const page = await trailPage(db, companyId, after, upTo, pageSize);
    const lastRow = page.at(-1);
    if (!lastRow) return;
    yield page.map(line).join("");
    after = lastRow.event.seq;
  }
}
