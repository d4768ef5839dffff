import { SAMPLE_TEMPLATE_VALUES, validateTemplateBody } from "@certavis/domain";
import { domainCodeText, fr } from "@certavis/i18n-fr/server";
import { and, eq, gt, sql } from "drizzle-orm";
import { companies, emailDeliveries, users } from "../../db/schema";
import { callerCompanyId } from "../../http/caller";
import { fieldErrors, notFound, tooManyRequests } from "../../http/errors";
import type { OperationRequest, ResponseOf } from "../../http/operation-types";
import { publicImageUrl } from "../../lib/image-url";
import { reviewFormPreviewUrl } from "../../lib/review-key";
import { asShopEmail, renderEmail } from "../pipeline/render-email";

/** At most this many test e-mails per user in the window (they also count against the quota). */
export const TEST_EMAILS_PER_WINDOW = 5;
export const TEST_EMAIL_WINDOW_MS = 10 * 60 * 1000;

/**
 * Queues the template being edited, rendered with sample values (the company's real name, the caller
 * as buyer), to the caller's own address. It goes through the durable e-mail queue like every e-mail,
 * so it takes a unit of the monthly quota when the worker claims it (over quota it waits).
 */
export async function sendTestEmail(
  request: OperationRequest<"companyEmailTemplatesSendTest">,
): Promise<ResponseOf<"companyEmailTemplatesSendTest", 202>> {
  const companyId = callerCompanyId(request);
  const user = request.user;
  if (!user) throw notFound();
  const { db, now, config } = request.server.ctx;
  const input = request.body;
  const problem = validateTemplateBody(input.type, input.body);
  if (problem) throw fieldErrors({ body: [domainCodeText(problem)] });

  const at = now();
  const since = new Date(at.getTime() - TEST_EMAIL_WINDOW_MS);
  const [company] = await db
    .select({ name: companies.name, logoPath: companies.logoPath })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw notFound();
  // Its links open the review form as a preview of the company's form (nothing is sent from it).
  const previewUrl = reviewFormPreviewUrl(config.formUrl, companyId);
  const email = renderEmail(
    { subject: `${fr.templates.testEmail.subjectPrefix}${input.subject}`, body: input.body },
    {
      nom_entreprise: company.name,
      nom_produit: fr.templates.testEmail.exampleProduct,
      prenom_acheteur: user.firstName || SAMPLE_TEMPLATE_VALUES.prenom_acheteur,
      nom_acheteur: user.lastName || SAMPLE_TEMPLATE_VALUES.nom_acheteur,
      email_acheteur: user.email,
      url_avis: previewUrl,
    },
  );
  const rendered = await asShopEmail(
    email,
    { name: company.name, logoUrl: publicImageUrl(request.server.ctx.storage, company.logoPath) },
    input.type === "thanks"
      ? []
      : [{ name: fr.templates.testEmail.exampleProduct, imageUrl: null, reviewUrl: previewUrl }],
    false,
  );
  await db.transaction(async (tx) => {
    // The caller's row lock makes the count and the queued row one step: requests sent together are
    // counted one after the other, never all below the limit at once.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const recent = await tx
      .select({ n: sql<number>`count(*)::int`, first: sql<string | null>`min(${emailDeliveries.createdAt})` })
      .from(emailDeliveries)
      .where(
        and(
          eq(emailDeliveries.companyId, companyId),
          eq(emailDeliveries.kind, "test"),
          eq(emailDeliveries.toEmail, user.email),
          gt(emailDeliveries.createdAt, since),
        ),
      );
    const count = recent[0]?.n ?? 0;
    if (count >= TEST_EMAILS_PER_WINDOW) {
      const first = recent[0]?.first ? new Date(recent[0].first).getTime() : at.getTime();
      throw tooManyRequests(
        fr.templates.testEmail.throttled,
        (first + TEST_EMAIL_WINDOW_MS - at.getTime()) / 1000,
      );
    }
    await tx.insert(emailDeliveries).values({
      companyId,
      orderId: null,
      kind: "test",
      status: "scheduled",
      scheduledAt: at,
      toEmail: user.email,
      subject: rendered.subject,
      textBody: rendered.text,
      htmlBody: rendered.html,
      createdAt: at,
    });
  });
  request.server.pipeline.notify();
  return { email: user.email, detail: fr.templates.testEmail.sentTo(user.email) };
}
