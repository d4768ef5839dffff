import { date, integer, numeric, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";

/**
 * What the statistics screen counts, per company, product and UTC day; kept exact by row triggers on
 * `reviews` and `email_deliveries` (see the migration), so that a year reads a few thousand rows
 * instead of millions. A review counts on the day of each of its events (submission, publication,
 * rejection, reply); `answered` counts on the day its order's request e-mail was sent.
 */
export const insightDays = pgTable(
  "insight_days",
  {
    companyId: uuid("company_id").notNull(),
    productId: uuid("product_id").notNull(),
    day: date("day").notNull(),
    submitted: integer("submitted").notNull().default(0),
    published: integer("published").notNull().default(0),
    publishedRatingSum: numeric("published_rating_sum", { precision: 16, scale: 2 }).notNull().default("0"),
    /** Published reviews by star bucket (the reviews page's rating filter; under 1 counts as 1). */
    stars1: integer("stars_1").notNull().default(0),
    stars2: integer("stars_2").notNull().default(0),
    stars3: integer("stars_3").notNull().default(0),
    stars4: integer("stars_4").notNull().default(0),
    stars5: integer("stars_5").notNull().default(0),
    rejected: integer("rejected").notNull().default(0),
    replies: integer("replies").notNull().default(0),
    requests: integer("requests").notNull().default(0),
    reminders: integer("reminders").notNull().default(0),
    /** Requests sent that day whose order has a review. */
    answered: integer("answered").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.productId] })],
);
