import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailDeliveries, orders, reviews } from "../../src/db/schema";
import { createOrder } from "../../src/modules/orders/create-order";
import { manualClock } from "../../src/modules/pipeline";
import {
  addMember,
  authHeaders,
  createCompanyFor,
  createProduct,
  createTestApp,
  expectMatchesContract,
  orderWithReview,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
  type TestCompany,
} from "../helpers";

// A Wednesday. The period asked for is Monday 2026-03-02 .. Sunday 2026-03-22 (three weeks, the
// last one empty); the previous period of the same length is 2026-02-09 .. 2026-03-01.
const clock = manualClock(new Date("2026-03-11T15:00:00Z"));
const at = (iso: string) => new Date(`${iso}Z`);
const PERIOD = "from=2026-03-02&to=2026-03-22";

interface Insights {
  from: string;
  to: string;
  granularity: string;
  totals: Record<string, number | null>;
  previous: Record<string, number | null>;
  series: {
    start: string;
    reviews_submitted: number;
    reviews_published: number;
    average_rating: number | null;
    requests_sent: number;
  }[];
  distribution: Record<string, number>;
  products: {
    id: string;
    name: string;
    reviews: number;
    average_rating: number | null;
    response_rate: number | null;
  }[];
  themes: Record<
    "positive" | "negative",
    { term: string; label: string; count: number; review_ids: string[] }[]
  >;
}

describe.each(TEST_DATABASES)("company insights on %s", (kind) => {
  let t: TestApp;
  let company: TestCompany;
  let auth: Record<string, string>;
  let lamp: { id: string; name: string };
  let teapot: { id: string; name: string };
  const ids: Record<string, string> = {};

  const get = async (query: string, headers = auth) => {
    const res = await t.inject({ method: "GET", url: `/api/v1/company/insights/?${query}`, headers });
    return res;
  };
  const insights = async (query: string) =>
    expectMatchesContract<Insights>(await get(query), "companyInsightsGet");

  /** An order whose e-mails are exactly `sent` (kind and time); returns its id. */
  async function order(productId: string, sent: Array<["request" | "reminder", string]>) {
    const placed = await orderWithReview(t, company.id, productId, at("2026-02-01T08:00:00"));
    await t.ctx.db.delete(emailDeliveries).where(inArray(emailDeliveries.orderId, [placed.id]));
    for (const [mail, when] of sent)
      await t.ctx.db
        .insert(emailDeliveries)
        .values({ companyId: company.id, orderId: placed.id, kind: mail, status: "sent", sentAt: at(when) });
    return placed.id;
  }

  async function review(
    name: string,
    row: {
      productId: string;
      orderId: string;
      status: string;
      rating: number;
      created: string;
      moderated?: string;
      reply?: string;
      title?: string;
      comment?: string;
    },
  ) {
    const [inserted] = await t.ctx.db
      .insert(reviews)
      .values({
        companyId: company.id,
        productId: row.productId,
        orderId: row.orderId,
        status: row.status,
        rating: row.rating.toFixed(2),
        title: row.title ?? "",
        comment: row.comment ?? "",
        createdAt: at(row.created),
        moderatedAt: row.moderated ? at(row.moderated) : null,
        replyBody: row.reply ? "Merci !" : null,
        replyCreatedAt: row.reply ? at(row.reply) : null,
      })
      .returning({ id: reviews.id });
    ids[name] = inserted?.id ?? "";
  }

  beforeAll(async () => {
    t = await createTestApp({ kind, now: () => clock.now() });
    company = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "CROISSANCE" });
    auth = authHeaders(company.owner.access);
    lamp = await createProduct(t, auth, "Lampe Aurore");
    teapot = await createProduct(t, auth, "Théière Fonte");
    await createProduct(t, auth, "Bougie Ambre"); // no activity: not listed

    // Requests sent in the period: o1 o2 o3 o6 (lamp), o4 o5 (teapot); o3 never answered.
    const o1 = await order(lamp.id, [["request", "2026-03-02T09:00:00"]]);
    const o2 = await order(lamp.id, [["request", "2026-03-03T09:00:00"]]);
    await order(lamp.id, [
      ["request", "2026-03-09T09:00:00"],
      ["reminder", "2026-03-16T09:00:00"],
    ]);
    const o4 = await order(teapot.id, [["request", "2026-03-08T09:00:00"]]);
    const o5 = await order(teapot.id, [["request", "2026-03-10T09:00:00"]]);
    const o6 = await order(lamp.id, [["request", "2026-03-04T09:00:00"]]);
    // Requests sent in the previous period: o7 (teapot), o8 o9 o10 (lamp); o9 never answered.
    const o7 = await order(teapot.id, [["request", "2026-02-25T09:00:00"]]);
    const o8 = await order(lamp.id, [["request", "2026-02-15T09:00:00"]]);
    await order(lamp.id, [["request", "2026-02-16T09:00:00"]]);
    const o10 = await order(lamp.id, [["request", "2026-02-28T09:00:00"]]);

    await review("r1", {
      productId: lamp.id,
      orderId: o1,
      status: "approved",
      rating: 4.5,
      created: "2026-03-02T10:00:00",
      moderated: "2026-03-03T10:00:00",
      reply: "2026-03-03T16:00:00", // 30 h after submission
      title: "Livraison rapide",
      comment: "Très belle qualité, livraison soignée.",
    });
    await review("r2", {
      productId: lamp.id,
      orderId: o2,
      status: "approved",
      rating: 3.5,
      created: "2026-03-04T08:00:00",
      moderated: "2026-03-04T12:00:00",
      comment: "Correct.",
    });
    await review("r3", {
      productId: lamp.id,
      orderId: o10,
      status: "approved",
      rating: 1.5,
      created: "2026-03-10T09:00:00",
      moderated: "2026-03-10T11:00:00",
      reply: "2026-03-10T19:00:00", // 10 h after submission
      title: "Déçu",
      comment: "Livraisons en retard, qualité décevante",
    });
    // Never moderated: published at its submission.
    await review("r4", {
      productId: teapot.id,
      orderId: o4,
      status: "approved",
      rating: 5,
      created: "2026-03-09T08:00:00",
      title: "Parfait",
      comment: "Qualite top et LIVRAISONS rapides",
    });
    await review("r5", {
      productId: teapot.id,
      orderId: o5,
      status: "pending",
      rating: 2,
      created: "2026-03-12T08:00:00",
      comment: "Livraison lente",
    });
    await review("r6", {
      productId: lamp.id,
      orderId: o6,
      status: "rejected",
      rating: 1,
      created: "2026-03-05T08:00:00",
      moderated: "2026-03-06T08:00:00",
      comment: "Nul",
    });
    // Submitted in the previous period, published in this one.
    await review("r7", {
      productId: teapot.id,
      orderId: o7,
      status: "approved",
      rating: 2.5,
      created: "2026-02-27T08:00:00",
      moderated: "2026-03-02T08:00:00",
      comment: "Moyen",
    });
    await review("r8", {
      productId: lamp.id,
      orderId: o8,
      status: "approved",
      rating: 4,
      created: "2026-02-20T08:00:00",
      moderated: "2026-02-20T09:00:00",
      comment: "Bien",
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("computes the period's totals and those of the period just before", async () => {
    const body = await insights(PERIOD);
    expect(body.totals).toEqual({
      requests_sent: 6, // o1 o2 o3 o4 o5 o6
      reminders_sent: 1, // o3, on 03-16
      reviews_submitted: 6, // r1 r2 r3 r4 r5 r6
      reviews_published: 5, // r1 r2 r3 r4 r7
      reviews_rejected: 1, // r6
      response_rate: 0.8333, // 5 of the 6 orders asked have a review (not o3)
      average_rating: 3.4, // (4.5 + 3.5 + 1.5 + 5 + 2.5) / 5
      replies: 2,
      median_reply_hours: 20, // (30 + 10) / 2
      bounce_rate: 0, // 7 e-mails left, none refused
    });
    expect(body.previous).toEqual({
      requests_sent: 4, // o7 o8 o9 o10
      reminders_sent: 0,
      reviews_submitted: 2, // r7 r8
      reviews_published: 1, // r8
      reviews_rejected: 0,
      response_rate: 0.75, // o7 o8 o10
      average_rating: 4,
      replies: 0,
      median_reply_hours: null,
      bounce_rate: 0,
    });
  });

  it("gives one entry per week from Monday, an empty week included, and the star buckets", async () => {
    const body = await insights(`${PERIOD}&granularity=week`);
    expect(body.series).toEqual([
      // r1 r2 r6 submitted; r1 r2 r7 published; o1 o2 o4 o6 asked
      {
        start: "2026-03-02",
        reviews_submitted: 3,
        reviews_published: 3,
        average_rating: 3.5,
        requests_sent: 4,
      },
      // r3 r4 r5 submitted; r3 r4 published; o3 o5 asked
      {
        start: "2026-03-09",
        reviews_submitted: 3,
        reviews_published: 2,
        average_rating: 3.25,
        requests_sent: 2,
      },
      {
        start: "2026-03-16",
        reviews_submitted: 0,
        reviews_published: 0,
        average_rating: null,
        requests_sent: 0,
      },
    ]);
    // As the reviews page's rating filter, a half star in the lower bucket: r1 4.5 → 4, r2 3.5 → 3,
    // r3 1.5 → 1, r4 5 → 5, r7 2.5 → 2.
    expect(body.distribution).toEqual({ 1: 1, 2: 1, 3: 1, 4: 1, 5: 1 });
  });

  it("cuts months and days on UTC calendar boundaries", async () => {
    const months = await insights("from=2026-02-09&to=2026-03-22&granularity=month");
    expect(
      months.series.map((entry) => [entry.start, entry.reviews_submitted, entry.reviews_published]),
    ).toEqual([
      ["2026-02-01", 2, 1], // r7 r8 submitted, r8 published
      ["2026-03-01", 6, 5],
    ]);
    const days = await insights("from=2026-03-03&to=2026-03-04&granularity=day");
    expect(days.series).toEqual([
      {
        start: "2026-03-03",
        reviews_submitted: 0,
        reviews_published: 1,
        average_rating: 4.5,
        requests_sent: 1,
      },
      {
        start: "2026-03-04",
        reviews_submitted: 1,
        reviews_published: 1,
        average_rating: 3.5,
        requests_sent: 1,
      },
    ]);
  });

  it("lists the products with activity, most reviews first", async () => {
    const body = await insights(PERIOD);
    expect(body.products).toEqual([
      // r1 r2 r3 r6; published r1 r2 r3: 9.5 / 3; o1 o2 o6 answered of o1 o2 o3 o6
      { id: lamp.id, name: "Lampe Aurore", reviews: 4, average_rating: 3.17, response_rate: 0.75 },
      // r4 r5; published r4 r7: 7.5 / 2; o4 o5 both answered
      { id: teapot.id, name: "Théière Fonte", reviews: 2, average_rating: 3.75, response_rate: 1 },
    ]);
  });

  it("narrows every figure to one product", async () => {
    const body = await insights(`${PERIOD}&product_id=${teapot.id}`);
    expect(body.totals).toEqual({
      requests_sent: 2,
      reminders_sent: 0,
      reviews_submitted: 2,
      reviews_published: 2,
      reviews_rejected: 0,
      response_rate: 1,
      average_rating: 3.75,
      replies: 0,
      median_reply_hours: null,
      bounce_rate: 0,
    });
    expect(body.previous).toMatchObject({
      requests_sent: 1,
      reviews_submitted: 1,
      reviews_published: 0,
      response_rate: 1,
    });
    expect(body.distribution).toEqual({ 1: 0, 2: 1, 3: 0, 4: 0, 5: 1 }); // r7 2.5 → 2, r4 5 → 5
    expect(body.products.map((product) => product.id)).toEqual([teapot.id]);
    expect(body.themes.negative).toEqual([]);
  });

  it("finds the French terms of happy and unhappy buyers, accents, case and plurals folded", async () => {
    const { themes } = await insights(PERIOD);
    // Rated ≥ 4 and published in the period: r4 (newest) and r1. 'livraisons rapides' joins
    // 'livraison rapide'; 'Qualite' and 'qualité' are one term; 'très' and 'et' are stop words.
    expect(themes.positive).toEqual([
      { term: "livraison rapide", label: "livraison rapide", count: 2, review_ids: [ids.r4, ids.r1] },
      { term: "livraison", label: "livraison", count: 2, review_ids: [ids.r4, ids.r1] },
      { term: "qualite", label: "qualité", count: 2, review_ids: [ids.r4, ids.r1] },
      { term: "rapide", label: "rapide", count: 2, review_ids: [ids.r4, ids.r1] },
      { term: "belle qualite", label: "belle qualité", count: 1, review_ids: [ids.r1] },
      { term: "livraison soignee", label: "livraison soignée", count: 1, review_ids: [ids.r1] },
      { term: "qualite top", label: "qualite top", count: 1, review_ids: [ids.r4] },
      { term: "belle", label: "belle", count: 1, review_ids: [ids.r1] },
      { term: "parfait", label: "parfait", count: 1, review_ids: [ids.r4] },
      { term: "soignee", label: "soignée", count: 1, review_ids: [ids.r1] },
    ]);
    // Rated ≤ 2 and published: r3 only (r5 is pending, r6 rejected, r7's 2.5 is neither side).
    expect(themes.negative.map((theme) => [theme.term, theme.label])).toEqual([
      ["qualite decevante", "qualité décevante"],
      ["decevante", "décevante"],
      ["decu", "déçu"],
      ["livraisons", "livraisons"],
      ["qualite", "qualité"],
      ["retard", "retard"],
    ]);
  });

  it("defaults to the last 90 days by week, for any member", async () => {
    const member = await addMember(t, company, "member");
    const body = expectMatchesContract<Insights>(
      await get("", authHeaders(member.access)),
      "companyInsightsGet",
    );
    expect([body.from, body.to, body.granularity]).toEqual(["2025-12-12", "2026-03-11", "week"]);
    expect(body.totals.reviews_submitted).toBe(7); // r1..r8 but r5, submitted after today
  });

  it("refuses a reversed or over-long period and a bad date in French", async () => {
    const reversed = await get("from=2026-03-10&to=2026-03-09");
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({
      to: ["La date de début doit être antérieure ou égale à la date de fin."],
    });
    const tooLong = await get("from=2024-03-01&to=2026-03-01");
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ to: ["La période ne peut pas dépasser 2 ans."] });
    expect((await get("from=2024-03-02&to=2026-03-01")).statusCode).toBe(200);
    const badDate = await get("from=2026-02-30");
    expect(badDate.statusCode).toBe(400);
    expect(JSON.stringify(badDate.json())).toMatch(/Date invalide/);
    expect((await get("granularity=year")).statusCode).toBe(400);
  });

  it("asks every line of an order, forgets a deleted order and counts the bounces", async () => {
    // The week of 2026-01-05, empty so far. A lamp + teapot order, one request e-mail on its head
    // (the lamp line), reviewed for the teapot only.
    const both = await t.ctx.db.transaction((tx) =>
      createOrder(
        tx,
        company.id,
        {
          items: [{ productId: lamp.id }, { productId: teapot.id }],
          buyerEmail: "duo@exemple.fr",
          buyerFirstName: "Léa",
          buyerLastName: "Bernard",
          reference: "DUO-1",
          orderDate: at("2026-01-01T08:00:00"),
        },
        { now: at("2026-01-01T08:00:00"), secret: t.ctx.keys.currentKey("review-key"), keys: t.ctx.keys },
      ),
    );
    if (!both.ok) throw new Error("order refused");
    const [head, second] = both.lines;
    await t.ctx.db.delete(emailDeliveries).where(eq(emailDeliveries.orderId, head?.id ?? ""));
    await t.ctx.db.insert(emailDeliveries).values({
      companyId: company.id,
      orderId: head?.id,
      kind: "request",
      status: "sent",
      sentAt: at("2026-01-05T09:00:00"),
    });
    await review("duo", {
      productId: teapot.id,
      orderId: second?.id ?? "",
      status: "pending",
      rating: 4,
      created: "2026-01-06T08:00:00",
    });
    // An order asked, reminded and reviewed, then deleted: it leaves no trace.
    const gone = await order(lamp.id, [
      ["request", "2026-01-06T09:00:00"],
      ["reminder", "2026-01-08T09:00:00"],
    ]);
    await review("gone", {
      productId: lamp.id,
      orderId: gone,
      status: "approved",
      rating: 5,
      created: "2026-01-07T08:00:00",
    });
    await t.ctx.db.delete(orders).where(eq(orders.id, gone));
    // A request the buyer's server refused for good.
    const bounced = await order(lamp.id, []);
    await t.ctx.db.insert(emailDeliveries).values({
      companyId: company.id,
      orderId: bounced,
      kind: "request",
      status: "failed",
      scheduledAt: at("2026-01-07T09:00:00"),
    });
    await t.ctx.db.update(orders).set({ emailStop: "bounced" }).where(eq(orders.id, bounced));

    const week = "from=2026-01-05&to=2026-01-11";
    expect((await insights(week)).totals).toMatchObject({
      requests_sent: 1,
      reminders_sent: 0,
      reviews_submitted: 1,
      reviews_published: 0,
      response_rate: 0.5, // the teapot line of the 2 lines asked
      bounce_rate: 0.5, // 1 refused of the 2 requests
    });
    const teapotWeek = await insights(`${week}&product_id=${teapot.id}`);
    expect(teapotWeek.totals).toMatchObject({ requests_sent: 0, response_rate: 1, bounce_rate: null });
    expect(teapotWeek.products).toEqual([
      { id: teapot.id, name: "Théière Fonte", reviews: 1, average_rating: null, response_rate: 1 },
    ]);
  });

  it("answers from its cache until the company's data changes", async () => {
    const before = await insights(PERIOD);
    const extra = await order(teapot.id, []);
    await review("r9", {
      productId: teapot.id,
      orderId: extra,
      status: "approved",
      rating: 4,
      created: "2026-03-11T08:00:00",
      comment: "Bien",
    });
    const after = await insights(PERIOD);
    expect(after.totals.reviews_submitted).toBe((before.totals.reviews_submitted ?? 0) + 1);
  });
});
