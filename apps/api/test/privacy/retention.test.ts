/**
 * The retention of buyers' personal data (issue 25 part 5): an order that produced no review loses
 * its buyer's names and address `ORDER_PII_RETENTION_DAYS` (365 by default) after its order date; a
 * reviewed one keeps them. Run with a controlled clock.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../src/db/schema";
import { readEnv } from "../../src/env";
import { manualClock } from "../../src/modules/pipeline";
import { anonymizeExpiredOrders } from "../../src/modules/privacy/retention";
import {
  authHeaders,
  createCompanyFor,
  createProduct,
  createTestApp,
  expectMatchesContract,
  orderWithReview,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
} from "../helpers";

const DAY = 86_400_000;

it("ORDER_PII_RETENTION_DAYS defaults to 365 days", () => {
  expect(readEnv({}).orderPiiRetentionDays).toBe(365);
  expect(readEnv({ ORDER_PII_RETENTION_DAYS: "30" }).orderPiiRetentionDays).toBe(30);
});

describe.each(TEST_DATABASES)("order personal data retention on %s", (kind) => {
  const clock = manualClock(new Date("2026-06-01T09:00:00Z"));
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind, now: () => clock.now() });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("blanks the buyer of unreviewed orders once past the retention, keeps reviewed and recent ones", async () => {
    const owner = await registerVerifiedUser(t);
    const company = await createCompanyFor(t, owner);
    const auth = authHeaders(owner.access);
    const product = await createProduct(t, auth, "Lampe Aurore");
    const daysAgo = (days: number) => new Date(clock.now().getTime() - days * DAY);
    const old = await orderWithReview(t, company.id, product.id, daysAgo(400));
    const reviewed = await orderWithReview(t, company.id, product.id, daysAgo(400), {
      status: "approved",
      rating: 4,
      at: daysAgo(390),
    });
    const recent = await orderWithReview(t, company.id, product.id, daysAgo(300));
    const buyers = async () =>
      new Map(
        (
          await t.ctx.db
            .select({ id: orders.id, email: orders.buyerEmail, last: orders.buyerLastName })
            .from(orders)
            .where(inArray(orders.id, [old.id, reviewed.id, recent.id]))
        ).map((o) => [o.id, o.email ? `${o.email} ${o.last}` : ""]),
      );

    expect(await anonymizeExpiredOrders(t.ctx.db, clock.now(), 365)).toBe(1);
    let now = await buyers();
    expect(now.get(old.id)).toBe("");
    expect(now.get(reviewed.id)).toMatch(/@exemple\.fr Bernard$/);
    expect(now.get(recent.id)).toMatch(/@exemple\.fr Bernard$/);
    // Once done, a run finds nothing more.
    expect(await anonymizeExpiredOrders(t.ctx.db, clock.now(), 365)).toBe(0);

    const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, old.id));
    expect(row).toMatchObject({ buyerFirstName: "", buyerLastName: "", anonymizedAt: expect.any(Date) });
    const listed = expectMatchesContract<{ results: Record<string, unknown>[] }>(
      await t.inject({ method: "GET", url: "/api/v1/company/orders/", headers: auth }),
      "companyOrdersList",
    );
    expect(listed.results.find((o) => o.id === old.id)).toMatchObject({
      buyer_email: "",
      buyer_first_name: "",
      buyer_last_name: "",
      anonymized_at: expect.any(String),
    });

    clock.advanceDays(66);
    expect(await anonymizeExpiredOrders(t.ctx.db, clock.now(), 365)).toBe(1);
    now = await buyers();
    expect(now.get(recent.id)).toBe("");
    expect(now.get(reviewed.id)).toMatch(/Bernard$/);
  });
});
