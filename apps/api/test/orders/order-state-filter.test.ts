import { randomUUID } from "node:crypto";
import { REQUEST_STATES } from "@certavis/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/db/client";
import {
  companies,
  emailDeliveries,
  orderRequestStatesStale,
  orders,
  products,
  reviews,
} from "../../src/db/schema";
import { listOrderViews } from "../../src/modules/orders/order-views";
import { createTestDatabase, TEST_DATABASES } from "../helpers";
import type { TestDatabase } from "../helpers/databases";

/**
 * Commandes' state filter in SQL against the domain's `requestState`: every combination of the facts the
 * rule reads (the order's stop and erasure, its request and reminder, each line's product status and
 * review), on one-line and two-line orders. An order is in the filter's answer exactly when one of its
 * products' requests is in that state as the list shows it.
 */
/** The stops the rule knows are one list in its SQL: one of them stands for all. */
const STOPS = [null, "bounced"] as const;
const REQUESTS = [null, "scheduled", "sending", "sent", "failed", "held", "cancelled"] as const;
/** The rule reads only whether the reminder went. */
const REMINDERS = [null, "scheduled", "sent"] as const;
/** A line: its product's status and the review it holds (a store review is not the product's). */
const LINES = [
  { draft: false, review: null },
  { draft: true, review: null },
  { draft: false, review: "product" },
  { draft: true, review: "product" },
  { draft: false, review: "store" },
] as const;
type Line = (typeof LINES)[number];

interface Case {
  stop: (typeof STOPS)[number];
  anonymized: boolean;
  request: (typeof REQUESTS)[number];
  reminder: (typeof REMINDERS)[number];
  lines: Line[];
}

function cases(): Case[] {
  const all: Case[] = [];
  for (const stop of STOPS)
    for (const anonymized of [false, true])
      for (const request of REQUESTS)
        for (const reminder of REMINDERS)
          for (const line of LINES) all.push({ stop, anonymized, request, reminder, lines: [line] });
  // Two products: what one line's state is must not hide the other's.
  for (const request of REQUESTS)
    for (const reminder of [null, "sent"] as const)
      for (const first of LINES)
        for (const second of LINES.slice(0, 3))
          all.push({ stop: null, anonymized: false, request, reminder, lines: [first, second] });
  return all;
}

async function seed(db: Db): Promise<{ companyId: string; count: number }> {
  const [company] = await db
    .insert(companies)
    .values({ name: "Maison Filtres", slug: `maison-filtres-${randomUUID()}`, planType: "EXPANSION" })
    .returning();
  if (!company) throw new Error("no company");
  const made = await db
    .insert(products)
    .values([
      { companyId: company.id, name: "Lampe", status: "active" },
      { companyId: company.id, name: "Vase", status: "draft" },
    ])
    .returning();
  const [active, draft] = made;
  if (!active || !draft) throw new Error("no products");
  const all = cases();
  const orderRows: (typeof orders.$inferInsert)[] = [];
  const deliveryRows: (typeof emailDeliveries.$inferInsert)[] = [];
  const reviewRows: (typeof reviews.$inferInsert)[] = [];
  const day = new Date("2026-06-01T10:00:00Z").getTime();
  all.forEach((c, i) => {
    const reference = `CMD-${String(i).padStart(5, "0")}`;
    const orderDate = new Date(day - (i % 97) * 86_400_000);
    c.lines.forEach((line, number) => {
      const id = randomUUID();
      orderRows.push({
        id,
        companyId: company.id,
        productId: line.draft ? draft.id : active.id,
        reference,
        line: number,
        buyerEmail: `acheteur${i}@exemple.fr`,
        orderDate,
        reviewKeyHash: randomUUID(),
        emailStop: c.stop,
        anonymizedAt: c.anonymized ? orderDate : null,
      });
      if (number === 0) {
        for (const [kind, status] of [
          ["request", c.request],
          ["reminder", c.reminder],
        ] as const)
          if (status)
            deliveryRows.push({
              companyId: company.id,
              orderId: id,
              kind,
              status,
              scheduledAt: orderDate,
              sentAt: status === "sent" ? orderDate : null,
            });
      }
      if (line.review)
        reviewRows.push({
          companyId: company.id,
          orderId: id,
          subject: line.review,
          productId: line.review === "product" ? (line.draft ? draft.id : active.id) : null,
          rating: "4",
          status: "pending",
        });
    });
  });
  for (let at = 0; at < orderRows.length; at += 500)
    await db.insert(orders).values(orderRows.slice(at, at + 500));
  for (let at = 0; at < deliveryRows.length; at += 500)
    await db.insert(emailDeliveries).values(deliveryRows.slice(at, at + 500));
  for (let at = 0; at < reviewRows.length; at += 500)
    await db.insert(reviews).values(reviewRows.slice(at, at + 500));
  await db.execute(sql`analyze`);
  return { companyId: company.id, count: all.length };
}

describe.each(TEST_DATABASES)("Commandes' state filter equals the domain rule on %s", (kind) => {
  let test: TestDatabase;
  let companyId = "";
  let count = 0;

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    ({ companyId, count } = await seed(test.database.db));
  }, 120_000);
  afterAll(async () => {
    await test?.dispose();
  });

  /** For each state, the filter's orders equal those the list shows with a product in that state. */
  async function expectFilterFollowsRule(refreshOnRead?: number) {
    const { db } = test.database;
    const everything = await listOrderViews(db, companyId, { limit: count + 10, offset: 0 });
    expect(everything.results).toHaveLength(count);
    for (const state of REQUEST_STATES) {
      const expected = everything.results
        .filter((order) => order.items.some((item) => item.request.state === state))
        .map((order) => order.reference)
        .sort();
      // Every state is reached by some combination: the comparison is not between empty lists.
      expect(expected.length, state).toBeGreaterThan(0);
      const found = await listOrderViews(db, companyId, {
        limit: count + 10,
        offset: 0,
        filters: { state },
        refreshOnRead,
      });
      expect(found.results.map((order) => order.reference).sort(), state).toEqual(expected);
    }
  }
  const staleNotes = async () =>
    (await test.database.db.select({ n: sql<number>`count(*)::int` }).from(orderRequestStatesStale))[0]?.n;

  it("finds, for each state, exactly the orders one of whose products' requests is in it: by the rule while orders are stale, then by the states table", async () => {
    expect(await staleNotes()).toBeGreaterThan(0);
    await expectFilterFollowsRule(0);
    expect(await staleNotes()).toBeGreaterThan(0);
    await expectFilterFollowsRule();
    expect(await staleNotes()).toBe(0);
  }, 60_000);

  it("notes every change the rule reads, so the states table follows it", async () => {
    const { db } = test.database;
    await expectFilterFollowsRule();
    const heads = (where: string) =>
      sql.raw(`(select id from orders where company_id = '${companyId}' and line = 0 and ${where})`);
    await db.execute(sql`update email_deliveries set status = 'sent', sent_at = now()
      where kind = 'request' and status = 'scheduled' and order_id in ${heads("reference like '%0'")}`);
    await db.execute(sql`update email_deliveries set status = 'failed'
      where kind = 'request' and status = 'held' and order_id in ${heads("reference like '%1'")}`);
    await db.execute(sql`update email_deliveries set status = 'sent', sent_at = now()
      where kind = 'reminder' and status = 'scheduled' and order_id in ${heads("reference like '%2'")}`);
    await db.execute(sql`delete from email_deliveries where kind = 'request'
      and order_id in ${heads("reference like '%3'")}`);
    await db.execute(sql`update orders set email_stop = 'bounced'
      where company_id = ${companyId} and email_stop is null and reference like '%4'`);
    await db.execute(sql`update orders set anonymized_at = now()
      where company_id = ${companyId} and anonymized_at is null and reference like '%5'`);
    await db.execute(sql`delete from reviews where company_id = ${companyId}
      and order_id in (select id from orders where reference like '%6')`);
    await db.execute(sql`insert into reviews (company_id, order_id, subject, product_id, rating, status)
      select company_id, id, 'product', product_id, 5, 'pending' from orders o
      where company_id = ${companyId} and reference like '%7'
        and not exists (select 1 from reviews r where r.order_id = o.id and r.subject = 'product')`);
    // A second product's line added to orders (an import completing them), and one taken away.
    await db.execute(sql`insert into orders (company_id, product_id, reference, line, buyer_email, order_date, review_key_hash)
      select company_id, product_id, reference, 1, buyer_email, order_date, md5(random()::text) from orders o
      where company_id = ${companyId} and line = 0 and reference like '%8'
        and not exists (select 1 from orders l where l.company_id = o.company_id and l.reference = o.reference and l.line = 1)`);
    await db.execute(
      sql`delete from orders where company_id = ${companyId} and line = 1 and reference like '%9'`,
    );
    await expectFilterFollowsRule();
    // The draft product becomes active: every order holding it changes.
    await db.execute(
      sql`update products set status = 'active' where company_id = ${companyId} and status = 'draft'`,
    );
    expect(await staleNotes()).toBeGreaterThan(100);
    await expectFilterFollowsRule();
  }, 120_000);

  it("pages the list, filtered or not, by cursor without losing or repeating an order (one batch's heads share their creation time)", async () => {
    const { db } = test.database;
    for (const filters of [undefined, { state: "skipped" as const }]) {
      const all = await listOrderViews(db, companyId, { limit: count + 10, offset: 0, filters });
      const paged: string[] = [];
      let after: Parameters<typeof listOrderViews>[2]["after"] = null;
      for (let page = 0; page < 200; page++) {
        const found = await listOrderViews(db, companyId, { limit: 97, offset: 0, after, filters });
        paged.push(...found.results.map((order) => order.reference));
        if (!found.last) break;
        after = found.last;
      }
      expect(paged, JSON.stringify(filters)).toEqual(all.results.map((order) => order.reference));
    }
  }, 60_000);
});
