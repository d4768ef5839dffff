import { autoPublicationDate, escapeHtml, isRejectionReason } from "@certavis/domain";
import { formatDate, fr } from "@certavis/i18n-fr/server";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { memberships, products, reviews, users } from "../../db/schema";
import { htmlMailDocument } from "../../mail/compose";
import type { MailMessage } from "../../mail/mailer";
import type { CertificationEmailKind } from "../review-trail/author-emails";

export const CERTIFICATION_EMAIL_KINDS: ReadonlySet<string> = new Set<CertificationEmailKind>([
  "rejection",
  "reply",
  "publication_warning",
]);

const DATE = { timeZone: "Europe/Paris" };

/**
 * The e-mail with `lines` as plain text in both parts: staff text (a rejection note, a reply) and
 * authors' names are never turned into links. Only our procedure page is a link.
 */
function message(
  to: string,
  subject: string,
  lines: string[],
  procedureUrl: string | null,
): Omit<MailMessage, "code"> {
  const procedure = procedureUrl ? fr.certification.mail.procedureLine(procedureUrl) : null;
  const paragraphs = [escapeHtml(lines.join("\n")).replace(/\r?\n/g, "<br>\n")];
  if (procedure && procedureUrl) {
    const link = escapeHtml(procedureUrl);
    paragraphs.push(escapeHtml(procedure).replace(link, () => `<a href="${link}">${link}</a>`));
  }
  return {
    to,
    subject,
    text: procedure ? `${lines.join("\n")}\n\n${procedure}` : lines.join("\n"),
    html: htmlMailDocument(paragraphs.join("<br>\n<br>\n")),
  };
}

interface Context {
  order: { id: string; buyerEmail: string; buyerFirstName: string };
  company: { id: string; name: string };
  procedureUrl: string;
}

/**
 * Renders an e-mail of the certified-review rules from the database as it is now, or null when there
 * is nothing left to say (the review was approved again, the reply deleted, the reviews moderated).
 */
export async function renderCertificationEmail(
  tx: Tx,
  kind: CertificationEmailKind,
  ctx: Context,
): Promise<Omit<MailMessage, "code"> | null> {
  const m = fr.certification.mail;
  if (kind === "publication_warning") {
    const due = await tx
      .select({ review: reviews, productName: products.name })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(
        and(
          eq(reviews.companyId, ctx.company.id),
          eq(reviews.status, "pending"),
          isNotNull(reviews.publicationWarnedAt),
        ),
      )
      .orderBy(asc(reviews.createdAt))
      .limit(200);
    if (due.length === 0) return null;
    const admins = await tx
      .select({ email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.companyId, ctx.company.id), inArray(memberships.role, ["owner", "admin"])));
    if (admins.length === 0) return null;
    const lines = due.map(({ review, productName }) =>
      m.warningLine(
        [review.authorFirstName, review.authorLastName].filter(Boolean).join(" ") || fr.common.defaultAuthor,
        productName,
        formatDate(autoPublicationDate(review.createdAt).toISOString(), DATE),
      ),
    );
    return message(
      admins.map((a) => a.email).join(", "),
      m.warningSubject(due.length),
      [m.warningBody(ctx.company.name), "", ...lines],
      null,
    );
  }
  const [review] = await tx
    .select({ review: reviews, productName: products.name })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.orderId, ctx.order.id))
    .limit(1);
  if (!review) return null;
  const first = ctx.order.buyerFirstName || review.review.authorFirstName;
  if (kind === "rejection") {
    const r = review.review;
    if (r.status !== "rejected" || !isRejectionReason(r.rejectionReason)) return null;
    const lines = [
      m.rejectionBody(
        first,
        review.productName,
        ctx.company.name,
        fr.certification.reasons[r.rejectionReason],
      ),
    ];
    if (r.rejectionNote) lines.push(m.rejectionNote(r.rejectionNote));
    return message(ctx.order.buyerEmail, m.rejectionSubject(ctx.company.name), lines, ctx.procedureUrl);
  }
  const r = review.review;
  if (r.status !== "approved" || !r.replyBody) return null;
  return message(
    ctx.order.buyerEmail,
    m.replySubject(ctx.company.name),
    [m.replyBody(first, review.productName, ctx.company.name, r.replyBody)],
    ctx.procedureUrl,
  );
}
