/**
 * A buyer's erasure reaches every copy kept in the database (issue 44 points 5, 6, 8, 9, 12;
 * ARCHITECTURE §10.17): a suppression row already holding the address in clear, the notes of the
 * moderation trail (replies, rejection notes, report reasons) and the review's rejection note, failed
 * mails' SMTP texts; the hash kept of an erased address is an HMAC under a key of the ring, and
 * every lookup by address still finds it; a review cannot be submitted on an order erased
 * meanwhile. And the trail gets the retention the legal page promises.
 */
import { createHash, createHmac } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailDeliveries, emailSuppressions, orders, reviewEvents, reviews } from "../../src/db/schema";
import { createKeyRing } from "../../src/lib/keyring";
import { runCertificationJobs } from "../../src/modules/certification/jobs";
import { manualClock } from "../../src/modules/pipeline";
import { anonymizeExpiredOrders } from "../../src/modules/privacy/retention";
import { isSuppressed, upgradeSuppressionHashes } from "../../src/modules/privacy/suppressions";
import { deriveUnsubscribeToken } from "../../src/modules/privacy/unsubscribe-token";
import {
  authHeaders,
  createCompanyFor,
  createTestApp,
  expectMatchesContract,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
  type TestCompany,
  type TestUser,
} from "../helpers";

const DAY = 86_400_000;
const LEA = "lea.bernard@exemple.fr";
const PAUL = "paul.martin@exemple.fr";
const ZOE = "zoe.leroy@exemple.fr";
const MIA = "mia.petit@exemple.fr";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** The message of the trigger's refusal, wherever the driver puts it. */
async function refusal(query: Promise<unknown>): Promise<string> {
  try {
    await query;
  } catch (error) {
    const e = error as { message?: string; cause?: { message?: string } };
    return e.cause?.message ?? e.message ?? "";
  }
  return "accepted";
}

describe.each(TEST_DATABASES)("erasure of every copy on %s", (kind) => {
  const clock = manualClock(new Date("2026-03-02T09:00:00Z"));
  let t: TestApp;
  let owner: TestUser;
  let company: TestCompany;
  let auth: Record<string, string>;
  let productId: string;

  beforeAll(async () => {
    t = await createTestApp({ kind, now: () => clock.now() });
    owner = await registerVerifiedUser(t);
    company = await createCompanyFor(t, owner, { name: "Maison Lumière", planType: "CROISSANCE" });
    auth = authHeaders(owner.access);
    const product = await t.inject({
      method: "POST",
      url: "/api/v1/company/products/",
      headers: auth,
      payload: {
        name: "Lampe Aurore",
        status: "active",
        sku: "LAMP-001",
        form_id: company.defaults.formId,
        email_request_template_id: company.defaults.requestTemplateId,
      },
    });
    expect(product.statusCode).toBe(201);
    productId = product.json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Signs the owner in again: the access token expires when the test clock moves on. */
  const signIn = async () => {
    const res = await t.inject({
      method: "POST",
      url: "/api/v1/auth/login/",
      payload: { email: owner.email, password: owner.password },
    });
    Object.assign(auth, authHeaders(expectMatchesContract<{ access: string }>(res, "authLogin").access));
  };
  let references = 0;
  const postOrder = async (email: string, daysAgo = 20) => {
    references += 1;
    const res = await t.inject({
      method: "POST",
      url: "/api/v1/orders/",
      headers: { "x-api-key": company.apiKey },
      payload: {
        sku: "LAMP-001",
        buyer_email: email,
        buyer_first_name: "Léa",
        buyer_last_name: "Bernard",
        reference: `CMD-${references}`,
        order_date: new Date(clock.now().getTime() - daysAgo * DAY).toISOString(),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return expectMatchesContract<{ id: string; email_status: string; review_url: string }>(
      res,
      "ordersCreate",
    );
  };
  const erase = async (email: string) => {
    const res = await t.inject({
      method: "POST",
      url: "/api/v1/company/privacy/erasures/",
      headers: auth,
      payload: { email },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const pendingReview = async (orderId: string, comment: string) => {
    const [review] = await t.ctx.db
      .insert(reviews)
      .values({
        companyId: company.id,
        productId,
        orderId,
        rating: "2.00",
        title: "Bof",
        comment,
        answers: { comment },
        authorFirstName: "Léa",
        authorLastName: "Bernard",
        status: "pending",
        createdAt: clock.now(),
      })
      .returning({ id: reviews.id });
    return review?.id ?? "";
  };
  const moderate = async (id: string, payload: Record<string, unknown>) => {
    const res = await t.inject({
      method: "PATCH",
      url: `/api/v1/company/reviews/${id}/`,
      headers: auth,
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const trailOf = (ids: string[]) =>
    t.ctx.db.select().from(reviewEvents).where(inArray(reviewEvents.reviewId, ids));
  const failedRequest = async (orderId: string) => {
    await expect
      .poll(
        async () =>
          (
            await t.ctx.db
              .select({ status: emailDeliveries.status })
              .from(emailDeliveries)
              .where(and(eq(emailDeliveries.orderId, orderId), eq(emailDeliveries.kind, "request")))
          )[0]?.status,
        { timeout: 10_000 },
      )
      .toBe("failed");
  };
  const lastErrors = async (orderId: string) =>
    (
      await t.ctx.db
        .select({ lastError: emailDeliveries.lastError })
        .from(emailDeliveries)
        .where(eq(emailDeliveries.orderId, orderId))
    ).map((d) => d.lastError ?? "");

  it("blanks an address already unsubscribed or bounced and keeps it as an HMAC of the ring, still found", async () => {
    await signIn();
    const lea = await postOrder(LEA);
    // Léa unsubscribes (one click); Paul's address is refused by the receiving server (a bounce,
    // whose SMTP text quotes the address).
    const token = deriveUnsubscribeToken(t.ctx.keys.currentKey("review-key"), lea.id);
    const unsubscribed = await t.inject({
      method: "POST",
      url: `/api/v1/public/unsubscribe/?token=${encodeURIComponent(token)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(unsubscribed.statusCode).toBe(200);
    t.smtp.refuse = (address) => (address === PAUL ? 550 : null);
    const paul = await postOrder(PAUL);
    t.app.pipeline.notify();
    await failedRequest(paul.id);
    t.smtp.refuse = undefined;
    expect((await lastErrors(paul.id)).join(" ")).toContain(PAUL);
    const before = await t.ctx.db
      .select({ email: emailSuppressions.email, reason: emailSuppressions.reason })
      .from(emailSuppressions)
      .where(eq(emailSuppressions.companyId, company.id));
    expect(before).toEqual(
      expect.arrayContaining([
        { email: LEA, reason: "unsubscribe" },
        { email: PAUL, reason: "bounce" },
      ]),
    );

    await erase(LEA);
    await erase("Paul.Martin@Exemple.fr");

    const rows = await t.ctx.db
      .select()
      .from(emailSuppressions)
      .where(eq(emailSuppressions.companyId, company.id));
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toMatch(/lea\.bernard|paul\.martin/i);
    // Point 8: an HMAC under the ring's current key, tagged with its key id; never a bare SHA-256.
    const key = t.ctx.keys.currentKey("email-hash");
    const hmacOf = (email: string) =>
      `v2.${t.ctx.keys.current.kid}.${createHmac("sha256", key).update(sha256(email)).digest("hex")}`;
    expect(rows.map((r) => r.emailHash).sort()).toEqual([hmacOf(LEA), hmacOf(PAUL)].sort());
    expect(rows.map((r) => r.emailHash)).not.toContain(sha256(LEA));
    expect(rows.every((r) => r.email === null && r.reason === "erasure")).toBe(true);
    const listed = await t.inject({
      method: "GET",
      url: "/api/v1/company/suppressions/?search=lea",
      headers: auth,
    });
    expect(listed.json().count).toBe(0);
    // Point 9: the failed mail's SMTP text quoting the address is gone too.
    expect((await lastErrors(paul.id)).join(" ")).not.toMatch(/paul\.martin/i);

    // The erasure's suppression still holds: later orders of either address are not mailed.
    expect((await postOrder(LEA, 1)).email_status).toBe("suppressed");
    expect((await postOrder(PAUL, 1)).email_status).toBe("suppressed");
    // After a rotation (a new current root, the old one kept as previous) the hash still matches.
    const rotated = createKeyRing([{ kid: "nouvelle-cle", secret: "x".repeat(48) }, ...t.ctx.keys.roots]);
    expect(await isSuppressed(t.ctx.db, rotated, company.id, LEA)).toBe(true);
    expect(await isSuppressed(t.ctx.db, rotated, company.id, "personne@exemple.fr")).toBe(false);
  });

  it("turns the bare SHA-256 kept before into the ring's HMAC, still found", async () => {
    const legacy = "ancien.client@exemple.fr";
    await t.ctx.db
      .insert(emailSuppressions)
      .values({ companyId: company.id, email: null, emailHash: sha256(legacy), reason: "erasure" });
    await upgradeSuppressionHashes(t.ctx.db, t.ctx.keys);
    const [row] = await t.ctx.db
      .select({ emailHash: emailSuppressions.emailHash })
      .from(emailSuppressions)
      .where(
        and(eq(emailSuppressions.companyId, company.id), sql`${emailSuppressions.emailHash} NOT LIKE 'v2.%'`),
      );
    expect(row).toBeUndefined();
    expect(await isSuppressed(t.ctx.db, t.ctx.keys, company.id, legacy)).toBe(true);
    expect((await postOrder(legacy, 1)).email_status).toBe("suppressed");
  });

  it("blanks the trail's notes, report reasons and the rejection note of the erased reviews only", async () => {
    await signIn();
    const rejected = await pendingReview((await postOrder(ZOE)).id, "Nul");
    const replied = await pendingReview((await postOrder(ZOE)).id, "Moyen");
    const other = await pendingReview((await postOrder("jean.dupont@exemple.fr")).id, "Bien");
    await moderate(rejected, {
      status: "rejected",
      rejection_reason: "personal_data",
      rejection_note: "Le commentaire donne le 06 12 34 56 78 de Zoé Leroy",
    });
    await moderate(replied, { status: "approved" });
    await moderate(other, {
      status: "rejected",
      rejection_reason: "off_topic",
      rejection_note: "Parle de la livraison de Jean",
    });
    const reply = await t.inject({
      method: "PUT",
      url: `/api/v1/company/reviews/${replied}/reply/`,
      headers: auth,
      payload: { body: "Merci Zoé Leroy, nous vous rappelons au 06 12 34 56 78" },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const report = await t.inject({
      method: "POST",
      url: `/api/v1/company/reviews/${replied}/report/`,
      headers: auth,
      payload: { reason: "Zoé Leroy est la sœur du gérant" },
    });
    expect(report.statusCode, report.body).toBe(201);
    const audit = async () =>
      (await t.inject({ method: "GET", url: "/api/v1/company/reviews/audit.csv", headers: auth })).body;
    expect(await audit()).toContain("Zoé Leroy");

    await erase(ZOE);

    const erasedTrail = await trailOf([rejected, replied]);
    expect(JSON.stringify(erasedTrail)).not.toMatch(/Zoé|Leroy|06 12/);
    expect(erasedTrail.every((e) => e.note === null)).toBe(true);
    // The reasons from the fixed list stay (they name nobody); the free text of a report goes.
    expect(erasedTrail.find((e) => e.kind === "rejected")?.reason).toBe("personal_data");
    expect(erasedTrail.find((e) => e.kind === "reported")?.reason).toBeNull();
    expect(erasedTrail.map((e) => e.kind)).toEqual(
      expect.arrayContaining(["rejected", "approved", "reply_published", "reported", "erasure"]),
    );
    const [rejectedRow] = await t.ctx.db
      .select({ note: reviews.rejectionNote, reason: reviews.rejectionReason })
      .from(reviews)
      .where(eq(reviews.id, rejected));
    expect(rejectedRow).toEqual({ note: null, reason: "personal_data" });
    for (const id of [rejected, replied]) {
      const history = await t.inject({
        method: "GET",
        url: `/api/v1/company/reviews/${id}/history/`,
        headers: auth,
      });
      expect(history.statusCode).toBe(200);
      expect(history.body).not.toMatch(/Zoé|Leroy/);
    }
    const csv = await audit();
    expect(csv).not.toMatch(/Zoé|Leroy|06 12/);
    // Another buyer's trail keeps its notes.
    expect(csv).toContain("Parle de la livraison de Jean");
    expect((await trailOf([other])).find((e) => e.kind === "rejected")?.note).toBe(
      "Parle de la livraison de Jean",
    );
  });

  it("the trail's trigger allows only the erasure's blanking of an erased review's notes", async () => {
    await signIn();
    const kept = await pendingReview((await postOrder("jules.roux@exemple.fr")).id, "Correct");
    await moderate(kept, { status: "rejected", rejection_reason: "off_topic", rejection_note: "Hors sujet" });
    const erasedId = (
      await t.ctx.db
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(eq(reviews.companyId, company.id), sql`${reviews.erasedAt} IS NOT NULL`))
        .limit(1)
    )[0]?.id;
    expect(erasedId).toBeDefined();
    const db = t.ctx.db;
    // A live review's note: refused.
    expect(
      await refusal(db.execute(sql`UPDATE review_events SET note = NULL WHERE review_id = ${kept}`)),
    ).toMatch(/append-only/);
    // An erased review's events: anything but blanking note (and a report's reason) is refused.
    expect(
      await refusal(
        db.execute(sql`UPDATE review_events SET kind = 'approved' WHERE review_id = ${erasedId}`),
      ),
    ).toMatch(/append-only/);
    expect(
      await refusal(db.execute(sql`UPDATE review_events SET note = 'autre' WHERE review_id = ${erasedId}`)),
    ).toMatch(/append-only/);
    expect(
      await refusal(
        db.execute(
          sql`UPDATE review_events SET reason = NULL WHERE review_id = ${erasedId} AND kind = 'rejected'`,
        ),
      ),
    ).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`DELETE FROM review_events WHERE review_id = ${erasedId}`))).toMatch(
      /append-only/,
    );
    expect(
      await refusal(db.execute(sql`UPDATE review_events SET note = NULL WHERE review_id = ${erasedId}`)),
    ).toBe("accepted");
  });

  it("blanks failed mails' SMTP texts when the retention anonymises an order", async () => {
    t.smtp.refuse = (address) => (address === MIA ? 550 : null);
    const order = await postOrder(MIA);
    t.app.pipeline.notify();
    await failedRequest(order.id);
    t.smtp.refuse = undefined;
    expect((await lastErrors(order.id)).join(" ")).toContain(MIA);
    await anonymizeExpiredOrders(t.ctx.db, new Date(clock.now().getTime() + 400 * DAY), 365);
    const [row] = await t.ctx.db
      .select({ buyerEmail: orders.buyerEmail })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row?.buyerEmail).toBe("");
    expect((await lastErrors(order.id)).join(" ")).not.toContain("mia.petit");
  });

  it("refuses a review on an order erased while the buyer was filling the form", async () => {
    const buyer = "nina.garnier@exemple.fr";
    const order = await postOrder(buyer, 1);
    const key = new URL(order.review_url).searchParams.get("api_key") ?? "";
    const url = `/api/v1/review/?api_key=${encodeURIComponent(key)}`;
    expect((await t.inject({ method: "GET", url })).statusCode).toBe(200);
    // The erasure commits with a later instant than the submission's (its request came in later,
    // the submission waited on the order's lock).
    const start = clock.now();
    clock.set(new Date(start.getTime() + 60_000));
    await signIn();
    await erase(buyer);
    clock.set(start);
    const submitted = await t.inject({
      method: "POST",
      url,
      payload: { answers: { rating: 5, comment: "Superbe lampe, signé Nina Garnier" } },
    });
    expect(submitted.statusCode, submitted.body).toBe(403);
    expect(submitted.json()).toEqual({ detail: "Lien d'avis invalide ou expiré." });
    const stored = await t.ctx.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.orderId, order.id));
    expect(stored).toEqual([]);
  });

  // Late: it leaves rows under a root the other tests' ring does not hold.
  it("rehashes known addresses once per root: later starts under the same root read only bare hashes", async () => {
    await upgradeSuppressionHashes(t.ctx.db, t.ctx.keys);
    // A known address under a root that is not the current one (as after a rotation).
    const [row] = await t.ctx.db
      .insert(emailSuppressions)
      .values({
        companyId: company.id,
        email: "marc@exemple.fr",
        emailHash: "v2.ancienne.0",
        reason: "bounce",
      })
      .returning({ id: emailSuppressions.id });
    const hashOf = async () =>
      (
        await t.ctx.db
          .select({ emailHash: emailSuppressions.emailHash })
          .from(emailSuppressions)
          .where(eq(emailSuppressions.id, row?.id ?? ""))
      )[0]?.emailHash;
    expect(await upgradeSuppressionHashes(t.ctx.db, t.ctx.keys)).toBe(0);
    expect(await hashOf()).toBe("v2.ancienne.0");
    const rotated = createKeyRing([{ kid: "rotation", secret: "y".repeat(48) }, ...t.ctx.keys.roots]);
    expect(await upgradeSuppressionHashes(t.ctx.db, rotated)).toBeGreaterThan(0);
    expect(await hashOf()).toMatch(/^v2\.rotation\./);
  });

  it("purges the trail of reviews refused or withdrawn over a year ago, and all of it with the company", async () => {
    await signIn();
    const old = await pendingReview((await postOrder("ancien@exemple.fr")).id, "Ancien");
    await moderate(old, { status: "rejected", rejection_reason: "off_topic", rejection_note: "Vieux refus" });
    clock.advanceDays(200);
    await signIn();
    const recent = await pendingReview((await postOrder("recent@exemple.fr")).id, "Récent");
    await moderate(recent, {
      status: "rejected",
      rejection_reason: "off_topic",
      rejection_note: "Refus récent",
    });
    clock.advanceDays(200);
    await runCertificationJobs(t.ctx.db, clock.now(), t.ctx.storage);
    expect(await trailOf([old])).toEqual([]);
    expect((await trailOf([recent])).map((e) => e.kind)).toEqual(["rejected"]);

    await signIn();
    const deleted = await t.inject({
      method: "DELETE",
      url: "/api/v1/company/",
      headers: auth,
      payload: { password: owner.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const left = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reviewEvents)
      .where(eq(reviewEvents.companyId, company.id));
    expect(left[0]?.n).toBe(0);
  });
});
