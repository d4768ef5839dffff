import { fr } from "@certavis/i18n-fr/server";
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { memberships, users, type webhookEndpoints } from "../../db/schema";
import { composeMail } from "../../mail/compose";
import { enqueueMail } from "../../mail/mail-outbox";

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
  const texts = fr.server.webhooks.disabledMail;
  for (const admin of admins) {
    await enqueueMail(
      tx,
      composeMail({
        to: admin.email,
        subject: texts.subject,
        paragraphs: [
          { text: fr.server.mails.greeting(admin.firstName ?? "") },
          { text: texts.body(endpoint.url) },
          { text: texts.action, link: settingsUrl },
        ],
        signature: fr.server.mails.signature,
      }),
      now,
    );
  }
}
