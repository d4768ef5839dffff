import { reminderDelayDays, requestDelayDays } from "@certavis/domain";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { emailTemplates, forms, orders, products } from "../../db/schema";
import { notFound } from "../../http/errors";
import type { SchemaOf } from "../../http/operation-types";
import { publicImageUrl } from "../../lib/image-url";
import type { FileStorage } from "../../lib/storage";
import { reviewTotalsByProduct } from "../reviews/review-totals";

export type ProductView = SchemaOf<"Product">;

/** List order of spec §4: active, draft, archived, then name. */
const STATUS_RANK = sql`CASE ${products.status} WHEN 'active' THEN 0 WHEN 'published' THEN 0 WHEN 'draft' THEN 1 ELSE 2 END`;

export function wireStatus(status: string): ProductView["status"] {
  return status === "published" ? "active" : status === "draft" || status === "archived" ? status : "active";
}

export async function listProductViews(
  db: DbOrTx,
  storage: FileStorage,
  companyId: string,
  page: { limit: number; offset: number; ids?: string[] },
): Promise<{ count: number; results: ProductView[] }> {
  const conditions: SQL[] = [eq(products.companyId, companyId)];
  if (page.ids) conditions.push(inArray(products.id, page.ids));
  const where = and(...conditions);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(where);
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(STATUS_RANK, asc(sql`lower(${products.name})`), asc(products.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.n ?? 0, results: await toProductViews(db, storage, rows) };
}

/** One product of the company as the contract's `Product` (404 when it is not the company's). */
export async function getProductView(
  db: DbOrTx,
  storage: FileStorage,
  companyId: string,
  id: string,
): Promise<ProductView> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.companyId, companyId), eq(products.id, id)));
  const [view] = row ? await toProductViews(db, storage, [row]) : [];
  if (!view) throw notFound();
  return view;
}

export async function toProductViews(
  db: DbOrTx,
  storage: FileStorage,
  rows: (typeof products.$inferSelect)[],
): Promise<ProductView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const companyId = (rows[0] as (typeof rows)[number]).companyId;
  const totals = await reviewTotalsByProduct(db, companyId, ids);
  // Newest review per product: one step down the (company, product, date) index each. The names are
  // written out: drizzle leaves columns unqualified in a one-table select, and inside the subquery a
  // bare "id" was the review's own (the date was always null, issue 27.8).
  const lastReviewed = await db
    .select({
      productId: products.id,
      last: sql<string | null>`(SELECT max(r.created_at) FROM reviews r
        WHERE r.company_id = "products"."company_id" AND r.product_id = "products"."id")`,
    })
    .from(products)
    .where(inArray(products.id, ids));
  const orderStats = await db
    .select({ productId: orders.productId, count: sql<number>`count(*)::int` })
    .from(orders)
    .where(inArray(orders.productId, ids))
    .groupBy(orders.productId);
  const templateIds = [
    ...new Set(
      rows
        .flatMap((r) => [r.emailRequestTemplateId, r.emailReminderTemplateId])
        .filter((x): x is string => !!x),
    ),
  ];
  const templates = templateIds.length
    ? await db.select().from(emailTemplates).where(inArray(emailTemplates.id, templateIds))
    : [];
  const formIds = [...new Set(rows.map((r) => r.formId).filter((x): x is string => !!x))];
  const formRows = formIds.length
    ? await db.select({ id: forms.id, name: forms.name }).from(forms).where(inArray(forms.id, formIds))
    : [];
  return rows.map((p) => {
    const stats = totals.get(p.id);
    const last = lastReviewed.find((l) => l.productId === p.id)?.last;
    const request = templates.find((t) => t.id === p.emailRequestTemplateId);
    const reminder = templates.find((t) => t.id === p.emailReminderTemplateId);
    const form = formRows.find((f) => f.id === p.formId);
    return {
      id: p.id,
      name: p.name,
      description: p.description || null,
      status: wireStatus(p.status),
      sku: p.sku,
      gtin: p.gtin,
      brand: p.brand,
      url: p.url,
      image_url: publicImageUrl(storage, p.imagePath),
      created_at: p.createdAt.toISOString(),
      updated_at: p.updatedAt.toISOString(),
      last_reviewed_at: last ? new Date(last).toISOString() : null,
      mean_note: stats?.approvedMean ?? null,
      reviews_count: stats?.reviews ?? 0,
      published_reviews_count: stats?.approved ?? 0,
      orders: orderStats.find((s) => s.productId === p.id)?.count ?? 0,
      send_reminder: p.sendReminder,
      email_request_template: request
        ? { id: request.id, name: request.name, send_after: requestDelayDays(request, p) }
        : null,
      email_reminder_template: reminder
        ? { id: reminder.id, name: reminder.name, remind_after: reminderDelayDays(reminder, p) }
        : null,
      form: form ? { id: form.id, name: form.name } : null,
      initial_email_delay_days: p.initialEmailDelayDays,
      follow_up_delay_days: p.followUpDelayDays,
    };
  });
}
