import { NEGATIVE_RATING_MAX } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { and, desc, eq, gt, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies, products, reviews } from "../../db/schema";
import { composeMail } from "../../mail/emails/notice-email";
import { enqueueMail } from "../../mail/mail-outbox";
import { excerptOf, reviewsScreen } from "./negative-alert";
import { alertRecipients } from "./recipients";

export const DIGEST_EVERY_MS = 24 * 60 * 60_000;
/** The reviews a digest names; more are counted in one line. */
const DIGEST_MAX_LINES = 20;

/** One digest e-mail: the reviews listed (at most DIGEST_MAX_LINES) of `count` received. */
export function digestEmail(input: {
  to: string;
  firstName: string;
  companyName: string;
  count: number;
  /** `product` is null for a review of the shop itself, named 'Avis sur la boutique'. */
  reviews: {
    product: string | null;
    rating: string | number;
    author: string;
    title: string;
    comment: string;
  }[];
  reviewsUrl: string;
}) {
  const t = fr.server.reviewAlerts;
  const lines = input.reviews
    .map((r) => t.reviewLine(r.product ?? fr.reviews.storeReview, Number(r.rating), r.author, excerptOf(r)))
    .join("\n");
  const more =
    input.count > input.reviews.length ? `\n${t.moreLine(input.count - input.reviews.length)}` : "";
  return composeMail({
    to: input.to,
    subject: t.digestSubject(input.count),
    paragraphs: [
      { text: fr.server.mails.greeting(input.firstName) },
      { text: t.digestIntro(input.companyName, input.count) },
      { text: `${lines}${more}` },
      { text: t.moderate, link: input.reviewsUrl },
      { text: t.settings },
    ],
    signature: fr.server.mails.signature,
  });
}

/**
 * The daily digest: for each company, the reviews rated above 2 received since its last digest (the
 * first one looks back one day), store reviews included as 'Avis sur la boutique', to each owner, admin and manager who chose 'toutes'. Each company's
 * mails and its new mark are written in one transaction: a digest is never sent twice nor lost.
 * Returns the number of e-mails queued.
 */
export async function queueReviewDigests(db: Db, now: Date, publicUrl: string): Promise<number> {
  const firstSince = new Date(now.getTime() - DIGEST_EVERY_MS);
  // Per company, on its (company_id, created_at) index: no scan of every review of the day.
  const due = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      sql`exists (select 1 from ${reviews} where ${reviews.companyId} = ${companies.id}
        and ${reviews.createdAt} > coalesce(${companies.reviewDigestThrough}, ${firstSince})
        and ${reviews.createdAt} <= ${now} and ${reviews.rating} > ${NEGATIVE_RATING_MAX})`,
    );
  let queued = 0;
  for (const { id } of due) {
    queued += await db.transaction(async (tx) => {
      // The company row's lock keeps two runs from sending the same digest.
      const [company] = await tx.select().from(companies).where(eq(companies.id, id)).for("update");
      if (!company) return 0;
      const since = company.reviewDigestThrough ?? firstSince;
      const window = and(
        eq(reviews.companyId, id),
        gt(reviews.createdAt, since),
        lte(reviews.createdAt, now),
        gt(reviews.rating, String(NEGATIVE_RATING_MAX)),
      );
      const [counted] = await tx.select({ n: sql<number>`count(*)::int` }).from(reviews).where(window);
      const count = counted?.n ?? 0;
      const listed = await tx
        .select({
          product: products.name,
          rating: reviews.rating,
          author: reviews.authorFirstName,
          title: reviews.title,
          comment: reviews.comment,
        })
        .from(reviews)
        // A store review has no product: it is listed too, under the store's label.
        .leftJoin(products, eq(products.id, reviews.productId))
        .where(window)
        .orderBy(desc(reviews.createdAt))
        .limit(DIGEST_MAX_LINES);
      await tx.update(companies).set({ reviewDigestThrough: now }).where(eq(companies.id, id));
      if (count === 0) return 0;
      const recipients = (await alertRecipients(tx, [id], "digest")).get(id) ?? [];
      for (const recipient of recipients) {
        await enqueueMail(
          tx,
          await digestEmail({
            to: recipient.email,
            firstName: recipient.firstName,
            companyName: company.name,
            count,
            reviews: listed,
            reviewsUrl: reviewsScreen(publicUrl),
          }),
          now,
        );
      }
      return recipients.length;
    });
  }
  return queued;
}
