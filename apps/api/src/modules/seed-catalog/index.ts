import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import {
  companies,
  emailDeliveries,
  emailTemplates,
  forms,
  orders,
  products,
  reviews,
} from "../../db/schema";
import { deriveReviewKey, hashReviewKey, REVIEW_KEY_LIFETIME_DAYS } from "../../lib/review-key";
import { addDays } from "../pipeline/clock";
import { DEMO_BUYERS, DEMO_COMMENTS, DEMO_PRODUCTS } from "./data";

export interface SeedCompany {
  id: string;
  ownerId: string;
}

export interface SeedCatalogOptions {
  now?: Date;
  /** The server secret review keys derive from (ctx.keys.currentKey("review-key")): the links of demo e-mails then work. */
  reviewKeySecret: string | Uint8Array;
}

const HOUR = 3_600_000;

/** Deterministic pseudo-random numbers: the demo looks the same on every start. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * Demo catalogue (ARCHITECTURE §2), called by the demo seed inside its transaction once the company,
 * its owner and its defaults exist: 4 products (active, active, draft, archived), ~40 orders over the
 * last 3 weeks, 26 reviews in every status with answers, and the e-mail history that goes with them.
 * The demo company is put on the CROISSANCE plan so its 4 products and photo uploads are allowed.
 */
export async function seedCatalog(tx: Tx, company: SeedCompany, options: SeedCatalogOptions): Promise<void> {
  const now = options.now ?? new Date();
  const random = sequence(42);
  await tx
    .update(companies)
    .set({ planType: "CROISSANCE", subscriptionStatus: "active" })
    .where(eq(companies.id, company.id));

  const templates = await tx
    .select()
    .from(emailTemplates)
    .where(eq(emailTemplates.companyId, company.id))
    .orderBy(asc(emailTemplates.createdAt));
  const requestTemplate = templates.find((t) => t.type === "request");
  const reminderTemplate = templates.find((t) => t.type === "reminder");
  const [form] = await tx
    .select()
    .from(forms)
    .where(and(eq(forms.companyId, company.id), eq(forms.isDefault, true)))
    .limit(1);
  const formSchema = (form?.schema ?? []) as { id: string; type: string }[];
  const ratingField = formSchema.find((f) => f.type === "rating")?.id ?? "rating";
  const commentField = formSchema.find((f) => f.type === "textarea")?.id ?? "comment";

  const productRows = await tx
    .insert(products)
    .values(
      DEMO_PRODUCTS.map((p, index) => ({
        companyId: company.id,
        name: p.name,
        description: p.description,
        status: p.status,
        sku: p.sku,
        sendReminder: p.sendReminder,
        emailRequestTemplateId: requestTemplate?.id ?? null,
        emailReminderTemplateId: p.sendReminder ? (reminderTemplate?.id ?? null) : null,
        formId: form?.id ?? null,
        createdAt: addDays(now, -30 + index),
        updatedAt: addDays(now, -30 + index),
      })),
    )
    .returning();

  // Orders over the last 21 days, mostly on the active products; the older ones got an answer.
  const orderCount = 40;
  const statuses = [
    "approved",
    "approved",
    "approved",
    "pending",
    "approved",
    "rejected",
    "pending",
    "approved",
  ];
  let reviewIndex = 0;
  for (let i = 0; i < orderCount; i++) {
    const product = productRows[i % 5 === 4 ? 2 + (i % 2) : i % 2];
    if (!product) continue;
    const buyer = DEMO_BUYERS[i % DEMO_BUYERS.length] ?? { first: "Client", last: "Démo" };
    const orderDate = new Date(now.getTime() - Math.floor(random() * 21 * 24) * HOUR);
    const id = randomUUID();
    const key = deriveReviewKey(options.reviewKeySecret, id);
    const requestAt = addDays(orderDate, 3);
    const requestSent = requestAt.getTime() <= now.getTime();
    const answered = requestSent && reviewIndex < 26 && random() < 0.85;
    const reviewedAt = answered
      ? new Date(Math.min(now.getTime() - HOUR, requestAt.getTime() + Math.floor(random() * 72) * HOUR))
      : null;
    const [order] = await tx
      .insert(orders)
      .values({
        id,
        companyId: company.id,
        productId: product.id,
        reference: `CMD-2026-${String(1000 + i)}`,
        buyerEmail: `${`${buyer.first}.${buyer.last}`
          .toLowerCase()
          .normalize("NFD")
          .replace(/[^a-z.]/g, "")}@exemple.fr`,
        buyerFirstName: buyer.first,
        buyerLastName: buyer.last,
        orderDate,
        reviewKeyHash: hashReviewKey(key),
        reviewKeyExpiresAt: addDays(orderDate, REVIEW_KEY_LIFETIME_DAYS),
        reviewKeyUsedAt: reviewedAt,
        createdAt: orderDate,
      })
      .returning();
    if (!order) continue;
    const deliveries: (typeof emailDeliveries.$inferInsert)[] = [
      {
        companyId: company.id,
        orderId: order.id,
        kind: "request",
        status: requestSent ? "sent" : "scheduled",
        scheduledAt: requestAt,
        sentAt: requestSent ? requestAt : null,
        attempts: requestSent ? 1 : 0,
      },
    ];
    if (product.sendReminder) {
      const remindAt = addDays(requestAt, 7);
      const reminded = !answered && remindAt.getTime() <= now.getTime();
      deliveries.push({
        companyId: company.id,
        orderId: order.id,
        kind: "reminder",
        status: answered ? "cancelled" : reminded ? "sent" : "scheduled",
        scheduledAt: remindAt,
        sentAt: reminded ? remindAt : null,
        attempts: reminded ? 1 : 0,
      });
    }
    if (answered && reviewedAt) {
      const status = statuses[reviewIndex % statuses.length] ?? "approved";
      const rating = status === "rejected" ? 1 + Math.floor(random() * 2) : 3 + Math.round(random() * 4) / 2;
      const comment = DEMO_COMMENTS[reviewIndex % DEMO_COMMENTS.length] ?? "";
      reviewIndex++;
      await tx.insert(reviews).values({
        companyId: company.id,
        productId: product.id,
        orderId: order.id,
        rating: Math.min(rating, 5).toFixed(2),
        comment,
        authorFirstName: buyer.first,
        authorLastName: buyer.last,
        answers: { [ratingField]: Math.min(rating, 5), ...(comment ? { [commentField]: comment } : {}) },
        formSnapshot: formSchema,
        status,
        createdAt: reviewedAt,
        moderatedAt:
          status === "pending" ? null : new Date(Math.min(now.getTime(), reviewedAt.getTime() + 6 * HOUR)),
        moderatedBy: status === "pending" ? null : company.ownerId,
      });
      deliveries.push({
        companyId: company.id,
        orderId: order.id,
        kind: "thanks",
        status: "sent",
        scheduledAt: reviewedAt,
        sentAt: reviewedAt,
        attempts: 1,
      });
    }
    await tx.insert(emailDeliveries).values(deliveries);
  }
}
