import { fr } from "@certavis/i18n-fr/server";
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { memberships, users, type webhookEndpoints } from "../../db/schema";
import { composeMail } from "../../mail/emails/notice-email";
import { enqueueMail } from "../../mail/mail-outbox";

/** The notice that a webhook endpoint was disabled, to one of the company's owner and admins. */
export function endpointDisabledEmail(input: {
  to: string;
  firstName: string;
  endpointUrl: string;
  settingsUrl: string;
}) {
  const texts = fr.server.webhooks.disabledMail;
  return composeMail({
    to: input.to,
    subject: texts.subject,
    paragraphs: [
      { text: fr.server.mails.greeting(input.firstName) },
      { text: texts.body(input.endpointUrl) },
      { text: texts.action, link: input.settingsUrl },
    ],
    signature: fr.server.mails.signature,
  });
}

/** Tells the company's owner and admins, through the mail queue, that an endpoint was disabled. */
export async function queueEndpointDisabledMail(
  tx: DbOrTx,
  endpoint: typeof webhookEndpoints.$inferSelect,
  settingsUrl: string,
  now: Date,
): Promise<void> {
  const admins = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, endpoint.companyId), inArray(memberships.role, ["owner", "admin"])));
  for (const admin of admins) {
    await enqueueMail(
      tx,
      await endpointDisabledEmail({
        to: admin.email,
        firstName: admin.firstName ?? "",
        endpointUrl: endpoint.url,
        settingsUrl,
      }),
      now,
    );
  }
}
