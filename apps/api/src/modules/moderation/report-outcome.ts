import { fr } from "@certavis/i18n-fr/server";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { createElement } from "react";
import type { Tx } from "../../db/client";
import { reviewReports } from "../../db/schema";
import { CertificationEmail } from "../../mail/emails/certification-email";
import { renderMail } from "../../mail/emails/render-mail";
import { enqueueMail } from "../../mail/mail-outbox";
import type { MailMessage } from "../../mail/mailer";

/** The reporter's e-mail: what became of the review they reported, and the removal rules. */
export async function reportOutcomeEmail(input: {
  to: string;
  companyName: string;
  outcome: "kept" | "removed";
  rulesUrl?: string;
}): Promise<MailMessage> {
  const m = fr.server.moderation.mail;
  const lines = [m.reportOutcome[input.outcome](input.companyName)];
  const linked = input.rulesUrl ? [{ line: m.rulesLine(input.rulesUrl), url: input.rulesUrl }] : [];
  const { html, text } = await renderMail(createElement(CertificationEmail, { lines, linked }));
  return { to: input.to, subject: m.reportSubject, text, html };
}

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
  for (const report of told) {
    if (!report.email) continue;
    const message = await reportOutcomeEmail({
      to: report.email,
      companyName,
      outcome: report.outcome === "removed" ? "removed" : "kept",
      ...(rulesUrl ? { rulesUrl } : {}),
    });
    await enqueueMail(tx, message, at);
  }
}
