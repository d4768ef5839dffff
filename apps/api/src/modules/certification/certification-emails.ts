import { autoPublicationDate, isRejectionReason, type RejectionReason } from "@certavis/domain";
import { formatDate, fr } from "@certavis/i18n-fr/server";
import { and, asc, desc, eq, inArray, isNotNull } from "drizzle-orm";
import { createElement } from "react";
import type { Tx } from "../../db/client";
import {
  memberships,
  moderationAppeals,
  moderationDecisions,
  products,
  reviewEvents,
  reviews,
  users,
} from "../../db/schema";
import { CertificationEmail } from "../../mail/emails/certification-email";
import { renderMail } from "../../mail/emails/render-mail";
import type { MailMessage } from "../../mail/mailer";
import { moderationOf } from "../moderation/company-moderation";
import type { CertificationEmailKind } from "../review-trail/author-emails";

export const CERTIFICATION_EMAIL_KINDS: ReadonlySet<string> = new Set<CertificationEmailKind>([
  "rejection",
  "reply",
  "publication_warning",
  "store_rejection",
  "store_reply",
  "appeal_outcome",
  "store_appeal_outcome",
]);

const DATE = { timeZone: "Europe/Paris" };

/** The e-mail with `lines` (mail/emails/certification-email.tsx), rendered to both parts. */
async function message(
  to: string,
  subject: string,
  lines: string[],
  procedureUrl: string | null,
  linked: { line: string; url: string }[] = [],
): Promise<Omit<MailMessage, "code">> {
  const procedure = procedureUrl
    ? { line: fr.certification.mail.procedureLine(procedureUrl), url: procedureUrl }
    : undefined;
  const { html, text } = await renderMail(
    createElement(CertificationEmail, { lines, linked, ...(procedure ? { procedure } : {}) }),
  );
  return { to, subject, text, html };
}

const m = fr.certification.mail;

/** What a statement of reasons tells besides the reason (DSA art. 17): its decision row and links. */
export interface Statement {
  decision: "rejected" | "removed";
  facts: string;
  automated: boolean;
  decidedBy: "shop" | "operator" | "automatic";
  rulesUrl: string;
  appealUrl: string;
}

/**
 * The author's review was rejected, or removed after publication: the reason (and the moderator's
 * note), then — its statement of reasons — the decision, the facts, the rule applied (linked),
 * whether automatic means were used, who decided and how to appeal once; then the procedure.
 */
export function rejectionEmail(input: {
  to: string;
  firstName: string;
  productName: string;
  companyName: string;
  reason: RejectionReason;
  note: string | null;
  procedureUrl: string;
  statement?: Statement | null;
}) {
  const s = fr.server.moderation.mail;
  const statement = input.statement;
  const reason = fr.certification.reasons[input.reason];
  // Who decided: the shop in its own mode, otherwise Certavis (an operator, or the service alone).
  const decider = !statement || statement.decidedBy === "shop" ? input.companyName : s.certavis;
  const lines = [
    statement?.decision === "removed"
      ? s.removalBody(input.firstName, input.productName, reason)
      : m.rejectionBody(input.firstName, input.productName, decider, reason),
  ];
  if (input.note) lines.push(m.rejectionNote(input.note));
  if (!statement) return message(input.to, m.rejectionSubject(input.companyName), lines, input.procedureUrl);
  lines.push("", s.decision[statement.decision]);
  if (statement.facts) lines.push(s.facts(statement.facts));
  lines.push(statement.automated ? s.automated.yes : s.automated.no);
  lines.push(
    statement.decidedBy === "shop"
      ? s.decidedBy.shop(input.companyName)
      : statement.decidedBy === "operator"
        ? s.decidedBy.operator
        : s.decidedBy.automatic,
  );
  const rule = s.rule(fr.certification.reasons[input.reason], statement.rulesUrl);
  return message(
    input.to,
    statement.decision === "removed"
      ? s.removalSubject(input.companyName)
      : m.rejectionSubject(input.companyName),
    lines,
    input.procedureUrl,
    [
      { line: rule, url: statement.rulesUrl },
      { line: s.appeal(statement.appealUrl), url: statement.appealUrl },
    ],
  );
}

/**
 * The outcome of the author's appeal (DSA art. 20): the decision `decision` upheld or overturned (the
 * review published again), the operator's note, then the removal rules and the procedure.
 */
export function appealOutcomeEmail(input: {
  to: string;
  firstName: string;
  productName: string;
  companyName: string;
  outcome: "upheld" | "overturned";
  decision: "rejected" | "removed";
  note: string | null;
  rulesUrl: string | null;
  procedureUrl: string;
}) {
  const s = fr.server.moderation.mail;
  const lines = [
    input.outcome === "overturned"
      ? s.appealOutcome.overturned(input.firstName, input.productName)
      : s.appealOutcome.upheld(input.firstName, input.productName, input.decision),
  ];
  if (input.note) lines.push(m.rejectionNote(input.note));
  if (input.outcome === "upheld") lines.push("", s.appealFinal);
  return message(
    input.to,
    s.appealSubject(input.companyName),
    lines,
    input.procedureUrl,
    input.rulesUrl ? [{ line: s.rulesLine(input.rulesUrl), url: input.rulesUrl }] : [],
  );
}

/** The company answered the author's review. */
export function replyEmail(input: {
  to: string;
  firstName: string;
  productName: string;
  companyName: string;
  reply: string;
  procedureUrl: string;
}) {
  return message(
    input.to,
    m.replySubject(input.companyName),
    [m.replyBody(input.firstName, input.productName, input.companyName, input.reply)],
    input.procedureUrl,
  );
}

/** To the company's admins: these pending reviews publish themselves soon (`date`, already formatted). */
export function publicationWarningEmail(input: {
  to: string;
  companyName: string;
  reviews: { author: string; productName: string; date: string }[];
}) {
  const lines = input.reviews.map((r) => m.warningLine(r.author, r.productName, r.date));
  return message(
    input.to,
    m.warningSubject(input.reviews.length),
    [m.warningBody(input.companyName), "", ...lines],
    null,
  );
}

interface Context {
  order: { id: string; buyerEmail: string; buyerFirstName: string };
  company: { id: string; name: string };
  /** Who moderates the company is read at this time. */
  now?: Date;
  procedureUrl: string;
  /** The public removal rules and the appeal link of a decision (statements of reasons). */
  rulesUrl?: string;
  appealUrl?: (decisionId: string) => string;
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
  if (kind === "publication_warning") {
    // Handed to Certavis since it was queued: the shop no longer has a decision to take.
    if ((await moderationOf(tx, ctx.company.id, ctx.now ?? new Date())) === "certavis") return null;
    const due = await tx
      .select({ review: reviews, productName: products.name })
      .from(reviews)
      .leftJoin(products, eq(products.id, reviews.productId))
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
    return publicationWarningEmail({
      to: admins.map((a) => a.email).join(", "),
      companyName: ctx.company.name,
      reviews: due.map(({ review, productName }) => ({
        author:
          [review.authorFirstName, review.authorLastName].filter(Boolean).join(" ") ||
          fr.common.defaultAuthor,
        // A store review (no product) is about the shop itself.
        productName: productName ?? ctx.company.name,
        date: formatDate(autoPublicationDate(review.createdAt).toISOString(), DATE),
      })),
    });
  }
  const store = kind === "store_rejection" || kind === "store_reply" || kind === "store_appeal_outcome";
  const [review] = await tx
    .select({ review: reviews, productName: products.name })
    .from(reviews)
    .leftJoin(products, eq(products.id, reviews.productId))
    .where(and(eq(reviews.orderId, ctx.order.id), eq(reviews.subject, store ? "store" : "product")))
    .limit(1);
  if (!review) return null;
  const first = ctx.order.buyerFirstName || review.review.authorFirstName;
  const r = review.review;
  const common = {
    to: ctx.order.buyerEmail,
    firstName: first,
    // A store review is about the shop itself.
    productName: review.productName ?? ctx.company.name,
    companyName: ctx.company.name,
    procedureUrl: ctx.procedureUrl,
  };
  if (kind === "rejection" || kind === "store_rejection") {
    if (r.status !== "rejected" || !isRejectionReason(r.rejectionReason)) return null;
    // The latest decision that rejected or removed it: the statement of reasons.
    const [decision] = await tx
      .select()
      .from(moderationDecisions)
      .where(
        and(
          eq(moderationDecisions.reviewId, r.id),
          inArray(moderationDecisions.decision, ["rejected", "removed"]),
          isNotNull(moderationDecisions.appealTokenHash),
        ),
      )
      .orderBy(desc(moderationDecisions.createdAt))
      .limit(1);
    const statement: Statement | null =
      decision && ctx.rulesUrl && ctx.appealUrl
        ? {
            decision: decision.decision === "removed" ? "removed" : "rejected",
            facts: decision.facts,
            automated: decision.automated,
            decidedBy:
              decision.decidedBy === "operator"
                ? "operator"
                : decision.decidedBy === "shop"
                  ? "shop"
                  : "automatic",
            rulesUrl: ctx.rulesUrl,
            appealUrl: ctx.appealUrl(decision.id),
          }
        : null;
    return rejectionEmail({ ...common, reason: r.rejectionReason, note: r.rejectionNote, statement });
  }
  if (kind === "appeal_outcome" || kind === "store_appeal_outcome") {
    // The review's latest answered appeal, and the operator's note from its trail event.
    const [answered] = await tx
      .select({ outcome: moderationAppeals.outcome, decision: moderationDecisions.decision })
      .from(moderationAppeals)
      .innerJoin(moderationDecisions, eq(moderationDecisions.id, moderationAppeals.decisionId))
      .where(and(eq(moderationAppeals.reviewId, r.id), eq(moderationAppeals.status, "closed")))
      .orderBy(desc(moderationAppeals.decidedAt))
      .limit(1);
    if (!answered || (answered.outcome !== "upheld" && answered.outcome !== "overturned")) return null;
    const [event] = await tx
      .select({ note: reviewEvents.note })
      .from(reviewEvents)
      .where(
        and(
          eq(reviewEvents.reviewId, r.id),
          inArray(reviewEvents.kind, ["appeal_upheld", "appeal_overturned"]),
        ),
      )
      .orderBy(desc(reviewEvents.seq))
      .limit(1);
    return appealOutcomeEmail({
      ...common,
      outcome: answered.outcome,
      decision: answered.decision === "removed" ? "removed" : "rejected",
      note: event?.note ?? null,
      rulesUrl: ctx.rulesUrl ?? null,
    });
  }
  if (r.status !== "approved" || !r.replyBody) return null;
  return replyEmail({ ...common, reply: r.replyBody });
}
