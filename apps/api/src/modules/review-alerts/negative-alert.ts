import { isNegativeRating } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import type { Tx } from "../../db/client";
import { composeMail } from "../../mail/emails/notice-email";
import { enqueueMail } from "../../mail/mail-outbox";
import { alertRecipients } from "./recipients";

/** What an alert says about one review. */
export interface AlertedReview {
  companyId: string;
  companyName: string;
  productName: string;
  rating: number;
  authorFirstName: string;
  title: string;
  comment: string;
}

const EXCERPT_MAX = 200;

/** The review's words as the alert quotes them: its title and comment, cut at 200 characters. */
export function excerptOf(review: Pick<AlertedReview, "title" | "comment">): string {
  const words = [review.title, review.comment]
    .map((t) => t.trim())
    .filter(Boolean)
    .join(" — ");
  return words.length > EXCERPT_MAX ? `${words.slice(0, EXCERPT_MAX - 1)}…` : words;
}

/** The back-office's reviews screen, where staff read and moderate them. */
export const reviewsScreen = (publicUrl: string) => `${publicUrl.replace(/\/+$/, "")}/reviews`;

/** The alert of one review rated 2 or less, to one of the company's staff. */
export function negativeAlertEmail(input: {
  to: string;
  firstName: string;
  review: Pick<AlertedReview, "companyName" | "productName" | "rating" | "authorFirstName"> &
    Parameters<typeof excerptOf>[0];
  reviewsUrl: string;
}) {
  const t = fr.server.reviewAlerts;
  const { review } = input;
  return composeMail({
    to: input.to,
    subject: t.negativeSubject(review.productName, review.rating),
    paragraphs: [
      { text: fr.server.mails.greeting(input.firstName) },
      { text: t.negativeIntro(review.companyName) },
      { text: t.reviewLine(review.productName, review.rating, review.authorFirstName, excerptOf(review)) },
      { text: t.moderate, link: input.reviewsUrl },
      { text: t.settings },
    ],
    signature: fr.server.mails.signature,
  });
}

/**
 * A new review rated 2 or less: an e-mail at once to each owner, admin and manager who wants it,
 * queued in the caller's transaction (the durable queue sends it; nothing is lost if the server stops).
 */
export async function queueNegativeReviewAlert(
  tx: Tx,
  review: AlertedReview,
  at: Date,
  publicUrl: string,
): Promise<number> {
  if (!isNegativeRating(review.rating)) return 0;
  const recipients = (await alertRecipients(tx, [review.companyId], "negative")).get(review.companyId) ?? [];
  for (const recipient of recipients) {
    const message = await negativeAlertEmail({
      to: recipient.email,
      firstName: recipient.firstName,
      review,
      reviewsUrl: reviewsScreen(publicUrl),
    });
    await enqueueMail(tx, message, at);
  }
  return recipients.length;
}
