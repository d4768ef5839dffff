import { date, index, integer, numeric, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";

/**
 * What `insight_days` counts (and its rollups sum): a review counts on the day of each of its events;
 * `asked` are order lines (one per product of an order) whose order's request e-mail was sent that day
 * (the request hangs on the head line, but asks for a review of every product), `answered` those of
 * them whose line has a review. Published reviews by star bucket: the reviews page's rating filter
 * (under 1 counts as 1).
 */
const insightMeasures = () => ({
  submitted: integer("submitted").notNull().default(0),
  published: integer("published").notNull().default(0),
  publishedRatingSum: numeric("published_rating_sum", { precision: 16, scale: 2 }).notNull().default("0"),
  stars1: integer("stars_1").notNull().default(0),
  stars2: integer("stars_2").notNull().default(0),
  stars3: integer("stars_3").notNull().default(0),
  stars4: integer("stars_4").notNull().default(0),
  stars5: integer("stars_5").notNull().default(0),
  rejected: integer("rejected").notNull().default(0),
  replies: integer("replies").notNull().default(0),
  requests: integer("requests").notNull().default(0),
  reminders: integer("reminders").notNull().default(0),
  asked: integer("asked").notNull().default(0),
  answered: integer("answered").notNull().default(0),
});

/**
 * What the statistics screen counts, per company, product and UTC day; kept exact by statement
 * triggers on `reviews` and `email_deliveries` and a trigger before an order goes (see migrations
 * 0017 and 0023), so that a year reads a few thousand rows instead of millions. A review counts on
 * the day of each of its events (submission, publication, rejection, reply); `asked` and `answered`
 * count order lines on the day their order's request e-mail was sent.
 */
export const insightDays = pgTable(
  "insight_days",
  {
    companyId: uuid("company_id").notNull(),
    productId: uuid("product_id").notNull(),
    day: date("day").notNull(),
    ...insightMeasures(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.productId] })],
);

/**
 * Replies per company, product, UTC day of the reply and reply time (hours from submission, in
 * buckets: 0.1 h under 10 h, 1 h under 100 h, 10 h under 1,000 h, 100 h beyond), kept by the same
 * triggers: the median reply time of a year reads these rows, not every reply. Each reply also counts
 * in the company-wide rows, whose `product_id` is the nil UUID (a year without a product filter reads
 * days × buckets rows, not days × products × buckets).
 */
export const insightReplyHours = pgTable(
  "insight_reply_hours",
  {
    companyId: uuid("company_id").notNull(),
    productId: uuid("product_id").notNull(),
    day: date("day").notNull(),
    hours: numeric("hours", { precision: 8, scale: 1 }).notNull(),
    replies: integer("replies").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.productId, t.hours] })],
);

/**
 * `insight_days` summed per company and day (every product): Statistiques' totals and series of a
 * company, a row a day. Summed again by the app for the days noted in `insight_rollups_stale`
 * (modules/insights/insight-rollups.ts, migration 0049).
 */
export const insightCompanyDays = pgTable(
  "insight_company_days",
  { companyId: uuid("company_id").notNull(), day: date("day").notNull(), ...insightMeasures() },
  (t) => [primaryKey({ columns: [t.companyId, t.day] })],
);

/** `insight_days` summed per company, month (its first day) and product: Statistiques' products. */
export const insightProductMonths = pgTable(
  "insight_product_months",
  {
    companyId: uuid("company_id").notNull(),
    month: date("month").notNull(),
    productId: uuid("product_id").notNull(),
    ...insightMeasures(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month, t.productId] })],
);

/** Days of `insight_days` changed since the rollups were summed (appended by triggers, no key). */
export const insightRollupsStale = pgTable(
  "insight_rollups_stale",
  { companyId: uuid("company_id").notNull(), day: date("day").notNull() },
  (t) => [index("insight_rollups_stale_company_idx").on(t.companyId)],
);
