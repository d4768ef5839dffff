import { fr } from "@certavis/i18n-fr/server";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { createElement } from "react";
import type { Tx } from "../../db/client";
import { reviewReports } from "../../db/schema";
import { CertificationEmail } from "../../mail/emails/certification-email";
import { renderMail } from "../../mail/emails/render-mail";
import { enqueueMail } from "../../mail/mail-outbox";

/**
 * Tells each reporter of the review who left an address the outcome of the decision `decisionId`
 * (DSA art. 16(5)): one e-mail per report, queued in the caller's transaction, recorded once.
 */
export async function queueReportOutcomes(
  tx: Tx,
  reviewId: string,
  decisionId: string,
  companyName: string,
  at: Date,
  rulesUrl?: string,
): Promise<void> {
  const told = await tx
    .update(reviewReports)
    .set({ outcomeSentAt: at })
    .where(
      and(
        eq(reviewReports.reviewId, reviewId),
        eq(reviewReports.decisionId, decisionId),
        isNotNull(reviewReports.email),
        isNull(reviewReports.outcomeSentAt),
      ),
    )
    .returning({ email: reviewReports.email, outcome: reviewReports.outcome });
  const m = fr.server.moderation.mail;
  for (const report of told) {
    if (!report.email) continue;
    const outcome = report.outcome === "removed" ? "removed" : "kept";
    const lines = [m.reportOutcome[outcome](companyName)];
    const linked = rulesUrl ? [{ line: m.rulesLine(rulesUrl), url: rulesUrl }] : [];
    const { html, text } = await renderMail(createElement(CertificationEmail, { lines, linked }));
    await enqueueMail(tx, { to: report.email, subject: m.reportSubject, text, html }, at);
  }
}
