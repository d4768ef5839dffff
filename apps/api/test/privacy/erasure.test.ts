/**
 * A buyer's erasure at their request (issue 25 part 4, ARCHITECTURE §10.16), end to end: the API's
 * counts, the review gone from the public answers and page, its photos gone from the bucket (a real
 * S3-compatible server), the trail event, the suppression kept as a hash only; and the immutability
 * trigger, which allows exactly that redaction.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  emailDeliveries,
  emailSuppressions,
  orders,
  reviewEvents,
  reviewFiles,
  reviews,
} from "../../src/db/schema";
import { emailHash } from "../../src/modules/privacy/suppressions";
import { S3_BUCKET, startS3Server } from "../cluster/s3-server";
import {
  authHeaders,
  createCompanyFor,
  createTestApp,
  expectMatchesContract,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
  type TestCompany,
} from "../helpers";

const DAY = 86_400_000;
const LEA = "lea.bernard@exemple.fr";

let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => s3?.close());

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

describe.each(TEST_DATABASES)("a buyer's erasure on %s", (kind) => {
  let t: TestApp;
  let company: TestCompany;
  let auth: Record<string, string>;
  let slug: string;
  let productId: string;

  beforeAll(async () => {
    t = await createTestApp({ kind, config: s3.config });
    const owner = await registerVerifiedUser(t);
    company = await createCompanyFor(t, owner, { name: "Maison Lumière", planType: "CROISSANCE" });
    auth = authHeaders(owner.access);
    const product = await t.inject({
      method: "POST",
      url: "/api/v1/company/products/",
      headers: auth,
      payload: { name: "Lampe Aurore", status: "active", sku: "LAMP-001", form_id: company.defaults.formId },
    });
    expect(product.statusCode).toBe(201);
    productId = product.json().id;
    slug = (await t.inject({ method: "GET", url: "/api/v1/company/", headers: auth })).json().slug;
  });
  afterAll(async () => {
    await t?.close();
  });

  const postOrder = async (reference: string, email: string, daysAgo: number) => {
    const res = await t.inject({
      method: "POST",
      url: "/api/v1/orders/",
      headers: { "x-api-key": company.apiKey },
      payload: {
        sku: "LAMP-001",
        buyer_email: email,
        buyer_first_name: "Léa",
        buyer_last_name: "Bernard",
        reference,
        order_date: new Date(t.ctx.now().getTime() - daysAgo * DAY).toISOString(),
      },
    });
    expect(res.statusCode).toBe(201);
    return expectMatchesContract<{ id: string; email_status: string; review_url: string }>(
      res,
      "ordersCreate",
    );
  };
  /** A published review of the order, with the company's reply and two stored files. */
  const publishedReview = async (orderId: string, comment: string) => {
    const [review] = await t.ctx.db
      .insert(reviews)
      .values({
        companyId: company.id,
        productId,
        orderId,
        rating: "5.00",
        title: "Parfait",
        comment,
        answers: { rating: 5, comment },
        authorFirstName: "Léa",
        authorLastName: "Bernard",
        status: "approved",
        moderatedAt: new Date(t.ctx.now().getTime() - DAY),
        replyBody: `Merci pour : ${comment}`,
        replyCreatedAt: new Date(),
      })
      .returning({ id: reviews.id });
    const id = review?.id ?? "";
    const paths = [
      await t.ctx.storage.save(`reviews/${company.id}`, "jpg", Buffer.from("photo")),
      await t.ctx.storage.save(`reviews/${company.id}`, "mp4", Buffer.from("vidéo")),
    ];
    await t.ctx.db.insert(reviewFiles).values(
      paths.map((path, i) => ({
        companyId: company.id,
        reviewId: id,
        fieldId: "photos",
        path,
        mimeType: i === 0 ? "image/jpeg" : "video/mp4",
        sizeBytes: 5,
      })),
    );
    return { id, urls: paths.map((path) => t.ctx.storage.url(path) ?? "") };
  };
  const erase = (email: string, headers = auth) =>
    t.inject({ method: "POST", url: "/api/v1/company/privacy/erasures/", headers, payload: { email } });
  const publicComments = async () =>
    (await t.inject({ method: "GET", url: `/api/v1/public/reviews/?company_id=${company.id}` }))
      .json()
      .reviews.map((r: { comment: string | null }) => r.comment) as (string | null)[];

  it("anonymises the orders, withdraws and blanks the reviews, deletes the files, suppresses the address", async () => {
    const reviewed = await postOrder("CMD-1", LEA, 20);
    const pending = await postOrder("CMD-2", LEA, 0);
    const other = await postOrder("CMD-3", "paul.martin@exemple.fr", 20);
    const lea = await publishedReview(reviewed.id, "Superbe lampe, signé Léa Bernard");
    await publishedReview(other.id, "Très bien");
    for (const url of lea.urls) expect((await fetch(url)).status).toBe(200);
    expect(lea.urls[0]).toContain(`/${S3_BUCKET}/`);
    expect(await publicComments()).toContain("Superbe lampe, signé Léa Bernard");
    expect((await t.inject({ method: "GET", url: `/avis/${slug}` })).body).toContain("Superbe lampe");

    const res = await erase("Lea.Bernard@Exemple.FR");
    expect(res.statusCode).toBe(200);
    expect(expectMatchesContract(res, "companyPrivacyErasuresCreate")).toEqual({
      orders: 2,
      reviews: 1,
      files: 2,
    });

    // Public answers and page forget it at once (their caches listen to reviewsChanged).
    expect(await publicComments()).toEqual(["Très bien"]);
    const page = (await t.inject({ method: "GET", url: `/avis/${slug}` })).body;
    expect(page).not.toContain("Superbe lampe");
    expect(page).not.toContain("Merci pour : Superbe");
    expect(page).toContain("Merci pour : Très bien");
    for (const url of lea.urls) expect((await fetch(url)).status).toBe(404);
    expect(await t.ctx.db.select().from(reviewFiles).where(eq(reviewFiles.reviewId, lea.id))).toEqual([]);

    const withdrawn = expectMatchesContract<{ results: Record<string, unknown>[] }>(
      await t.inject({ method: "GET", url: "/api/v1/company/reviews/?status=withdrawn", headers: auth }),
      "companyReviewsList",
    );
    expect(withdrawn.results.find((r) => r.id === lea.id)).toMatchObject({
      status: "withdrawn",
      title: null,
      comment: null,
      author_first_name: "",
      author_last_name: "",
      author_name: "Anonyme",
      answers: [],
      reply: null,
      rating: 5,
      erased_at: expect.any(String),
    });

    const history = expectMatchesContract<{ results: Record<string, unknown>[] }>(
      await t.inject({ method: "GET", url: `/api/v1/company/reviews/${lea.id}/history/`, headers: auth }),
      "companyReviewsHistory",
    );
    expect(history.results.at(-1)).toMatchObject({
      kind: "erasure",
      actor: "user",
      from_status: "approved",
      to_status: "withdrawn",
      reason: "buyer_request",
      note: null,
    });
    const trail = JSON.stringify(
      await t.ctx.db.select().from(reviewEvents).where(eq(reviewEvents.reviewId, lea.id)),
    );
    expect(trail).not.toMatch(/lea|bernard|superbe/i);

    const [suppression] = await t.ctx.db
      .select()
      .from(emailSuppressions)
      .where(eq(emailSuppressions.companyId, company.id));
    expect(suppression).toMatchObject({
      email: null,
      emailHash: emailHash(t.ctx.keys, LEA),
      reason: "erasure",
    });

    const stored = await t.ctx.db.select().from(orders).where(eq(orders.companyId, company.id));
    for (const id of [reviewed.id, pending.id])
      expect(stored.find((o) => o.id === id)).toMatchObject({
        buyerEmail: "",
        buyerFirstName: "",
        buyerLastName: "",
        anonymizedAt: expect.any(Date),
      });
    expect(stored.find((o) => o.id === other.id)?.buyerEmail).toBe("paul.martin@exemple.fr");
    expect(JSON.stringify(stored)).not.toContain("lea.bernard");
    const mails = await t.ctx.db
      .select({ kind: emailDeliveries.kind, status: emailDeliveries.status })
      .from(emailDeliveries)
      .where(eq(emailDeliveries.orderId, pending.id));
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.every((m) => m.status === "cancelled")).toBe(true);

    const listed = expectMatchesContract<{ results: Record<string, unknown>[] }>(
      await t.inject({ method: "GET", url: "/api/v1/company/orders/", headers: auth }),
      "companyOrdersList",
    );
    expect(listed.results.find((o) => o.id === reviewed.id)).toMatchObject({
      buyer_email: "",
      buyer_first_name: "",
      review_status: "withdrawn",
    });

    // The review link of the order left unreviewed is closed.
    const key = new URL(pending.review_url).searchParams.get("api_key") ?? "";
    const form = await t.inject({ method: "GET", url: `/api/v1/review/?api_key=${encodeURIComponent(key)}` });
    expect(form.statusCode).toBe(403);

    // The address is never e-mailed again: a later order of it is recorded, suppressed.
    expect((await postOrder("CMD-4", LEA, 1)).email_status).toBe("suppressed");
  });

  it("answers zeros for an address it does not know, a French 400 for a bad one", async () => {
    const unknown = await erase("personne@exemple.fr");
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ orders: 0, reviews: 0, files: 0 });

    const bad = await erase("pas-une-adresse");
    expect(bad.statusCode).toBe(400);
    expect(expectMatchesContract(bad, "companyPrivacyErasuresCreate")).toEqual({
      email: ["Saisissez une adresse e-mail valide."],
    });
  });

  it("the immutability trigger refuses any content change but the erasure's redaction", async () => {
    const order = await postOrder("CMD-5", "jean.dupont@exemple.fr", 20);
    const { id } = await publishedReview(order.id, "Bien");
    const db = t.ctx.db;
    const update = (set: ReturnType<typeof sql>) =>
      db.execute(sql`UPDATE reviews SET ${set} WHERE id = ${id}`);
    expect(await refusal(update(sql`comment = ''`))).toMatch(/immutable/);
    // The erasure's marker with content kept, or content blanked without withdrawing: refused.
    expect(await refusal(update(sql`erased_at = now()`))).toMatch(/immutable/);
    expect(
      await refusal(
        update(
          sql`erased_at = now(), title = '', comment = '', answers = '{}'::jsonb, author_first_name = '', author_last_name = ''`,
        ),
      ),
    ).toMatch(/immutable/);
    const redaction = sql`erased_at = now(), status = 'withdrawn', title = '', comment = '', answers = '{}'::jsonb, author_first_name = '', author_last_name = ''`;
    expect(await refusal(update(sql`${redaction}, rating = 1`))).toMatch(/immutable/);
    expect(await refusal(update(redaction))).toBe("accepted");
    // Once erased, nothing comes back.
    expect(await refusal(update(sql`erased_at = NULL`))).toMatch(/immutable/);
    expect(await refusal(update(sql`comment = 'Bien'`))).toMatch(/immutable/);
    const [row] = await db
      .select({ comment: reviews.comment, erasedAt: reviews.erasedAt })
      .from(reviews)
      .where(eq(reviews.id, id));
    expect(row).toEqual({ comment: "", erasedAt: expect.any(Date) });
  });
});
