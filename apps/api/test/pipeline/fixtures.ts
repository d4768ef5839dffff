import { randomUUID } from "node:crypto";
import type { Db } from "../../src/db/client";
import { companies, emailTemplates, orders, products } from "../../src/db/schema";
import { createKeyRing, keyId } from "../../src/lib/keyring";
import { deriveReviewKey, hashReviewKey } from "../../src/lib/review-key";
import type { Mailer, MailMessage } from "../../src/mail/mailer";
import { scheduleOrderEmails } from "../../src/modules/pipeline";

export const SECRET = "test-review-key-secret-0123456789abcdef";
/** The server keys of a worker run without an app (the suppression list's hashes). */
export const KEYS = createKeyRing([{ kid: keyId(SECRET), secret: SECRET }]);

export async function seedCompany(db: Db, opts: { planType?: string; sendReminder?: boolean } = {}) {
  const [company] = await db
    .insert(companies)
    .values({
      name: "Maison Test",
      slug: `maison-test-${randomUUID()}`,
      planType: opts.planType ?? "EXPANSION",
    })
    .returning();
  if (!company) throw new Error("no company");
  const [request, reminder, thanks] = await db
    .insert(emailTemplates)
    .values([
      {
        companyId: company.id,
        name: "Demande",
        subject: "Votre avis sur {{ nom_produit }}",
        body: "Bonjour {{ prenom_acheteur }},\nDonnez votre avis : {{ url_avis }}\n{{ nom_entreprise }}",
        type: "request",
        sendAfter: 3,
        isDefault: true,
      },
      {
        companyId: company.id,
        name: "Relance",
        subject: "Rappel : {{ nom_produit }}",
        body: "Toujours partant ? {{ url_avis }}",
        type: "reminder",
        remindAfter: 2,
        isDefault: true,
      },
      {
        companyId: company.id,
        name: "Merci",
        subject: "Merci {{ prenom_acheteur }}",
        body: "Merci pour votre avis sur {{ nom_produit }}.",
        type: "thanks",
        isDefault: true,
      },
    ])
    .returning();
  if (!request || !reminder || !thanks) throw new Error("no templates");
  const [product] = await db
    .insert(products)
    .values({
      companyId: company.id,
      name: "Théière <Fonte>",
      status: "active",
      sendReminder: opts.sendReminder ?? true,
      emailRequestTemplateId: request.id,
      emailReminderTemplateId: reminder.id,
    })
    .returning();
  if (!product) throw new Error("no product");
  return { company, product, templates: { request, reminder, thanks } };
}

export async function seedOrder(
  db: Db,
  company: { id: string },
  product: typeof products.$inferSelect,
  orderDate: Date,
  reference = randomUUID(),
) {
  return db.transaction(async (tx) => {
    const id = randomUUID();
    const [order] = await tx
      .insert(orders)
      .values({
        id,
        companyId: company.id,
        productId: product.id,
        reference,
        buyerEmail: `buyer-${reference}@exemple.fr`,
        buyerFirstName: "Léa",
        buyerLastName: "Martin",
        orderDate,
        reviewKeyHash: hashReviewKey(deriveReviewKey(SECRET, id)),
      })
      .returning();
    if (!order) throw new Error("no order");
    await scheduleOrderEmails(tx, order, [product]);
    return order;
  });
}

/** A mailer keeping what it was given (pipeline unit tests; the HTTP tests use a real SMTP server). */
export function memoryMailer(): Mailer & { sent: MailMessage[]; failNext: number } {
  const state = {
    sent: [] as MailMessage[],
    failNext: 0,
    async send(message: MailMessage) {
      if (state.failNext > 0) {
        state.failNext -= 1;
        throw new Error("421 service indisponible");
      }
      state.sent.push(message);
    },
    async close() {},
  };
  return state;
}
