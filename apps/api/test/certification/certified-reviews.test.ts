import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, emailDeliveries, reviewEvents, reviews } from "../../src/db/schema";
import { createKeyRing, keyId } from "../../src/lib/keyring";
import { auditCsvLimits } from "../../src/modules/certification/audit-csv";
import { runCertificationJobs } from "../../src/modules/certification/jobs";
import { manualClock } from "../../src/modules/pipeline";
import { createTestApp, expectMatchesContract, TEST_DATABASES, type TestApp } from "../helpers";
import { openShop, type Shop, signInAgain, submitReview } from "./fixtures";

const DAY = 86_400_000;

interface Review {
  id: string;
  status: string;
  rejection_reason: string | null;
  rejection_note: string | null;
  auto_publish_at: string | null;
  created_at: string;
  reply: { body: string; created_at: string } | null;
}
interface Event {
  kind: string;
  actor: string;
  actor_name: string | null;
  from_status: string | null;
  to_status: string | null;
  reason: string | null;
  note: string | null;
}

describe.each(TEST_DATABASES)("certified reviews on %s", (kind) => {
  const clock = manualClock(new Date("2026-11-23T10:00:00Z"));
  let t: TestApp;
  let shop: Shop;

  const patch = (id: string, payload: Record<string, unknown>) =>
    t.inject({ method: "PATCH", url: `/api/v1/company/reviews/${id}/`, headers: shop.auth, payload });
  const history = async (id: string) =>
    expectMatchesContract<{ results: Event[] }>(
      await t.inject({ method: "GET", url: `/api/v1/company/reviews/${id}/history/`, headers: shop.auth }),
      "companyReviewsHistory",
    ).results;
  const publicReviews = async () =>
    (
      await t.inject({
        method: "GET",
        url: `/api/v1/public/reviews/?company_id=${shop.company.id}`,
      })
    ).json() as {
      sort_order: string;
      reviews: { id: string; experience_date: string | null; published_at: string; reply: unknown }[];
    };

  beforeAll(async () => {
    t = await createTestApp({ kind, now: () => clock.now() });
    shop = await openShop(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("rejects only with a reason, tells the author the reason and the note, and logs who did it", async () => {
    const { reviewId, email } = await submitReview(t, shop, clock, {
      rating: 1,
      comment: "Appelez-moi au 06…",
    });
    const none = await patch(reviewId, { status: "rejected" });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ rejection_reason: ["Choisissez le motif du rejet."] });
    const unknown = await patch(reviewId, { status: "rejected", rejection_reason: "too_negative" });
    expect(unknown.statusCode).toBe(400);

    const res = await patch(reviewId, {
      status: "rejected",
      rejection_reason: "personal_data",
      rejection_note: "Numéro de téléphone dans le commentaire.",
    });
    expect(res.statusCode).toBe(200);
    const review = expectMatchesContract<Review>(res, "companyReviewsUpdate");
    expect(review).toMatchObject({
      status: "rejected",
      rejection_reason: "personal_data",
      rejection_note: "Numéro de téléphone dans le commentaire.",
      auto_publish_at: null,
    });

    const mail = await t.smtp.waitForMail(
      (m) => m.to.includes(email) && m.subject.includes("pas été publié"),
    );
    expect(mail.subject).toBe(`Votre avis sur ${shop.company.name} n'a pas été publié`);
    expect(mail.text).toContain(
      "Motif : Données personnelles (adresse, téléphone, e-mail…) ou contenu publicitaire",
    );
    expect(mail.text).toContain("Précision : Numéro de téléphone dans le commentaire.");
    expect(mail.links).toContain(`${t.publicUrl}/widget/fonctionnement?company_id=${shop.company.id}`);

    const events = await history(reviewId);
    expect(events.map((e) => e.kind)).toEqual(["submitted", "rejected"]);
    expect(events[0]).toMatchObject({ actor: "author", to_status: "pending" });
    expect(events[1]).toMatchObject({
      actor: "user",
      from_status: "pending",
      to_status: "rejected",
      reason: "personal_data",
      note: "Numéro de téléphone dans le commentaire.",
    });
    expect(events[1]?.actor_name).toBeTruthy();
  });

  it("moderates only a pending review: approving or rejecting it is final (409)", async () => {
    const approved = await submitReview(t, shop, clock, { rating: 1, comment: "Déçu." });
    const rejected = await submitReview(t, shop, clock, { rating: 5, comment: "Hors sujet." });
    expect((await patch(approved.reviewId, { status: "approved" })).statusCode).toBe(200);
    expect(
      (await patch(rejected.reviewId, { status: "rejected", rejection_reason: "off_topic" })).statusCode,
    ).toBe(200);
    for (const [reviewId, payload] of [
      [approved.reviewId, { status: "rejected", rejection_reason: "fake_suspected" }],
      [approved.reviewId, { status: "approved" }],
      [rejected.reviewId, { status: "approved" }],
    ] as const) {
      const res = await patch(reviewId, payload);
      expect(res.statusCode).toBe(409);
      expect(expectMatchesContract(res, "companyReviewsUpdate")).toEqual({
        detail: "Cet avis a déjà été modéré.",
      });
    }
    expect((await history(approved.reviewId)).map((e) => e.kind)).toEqual(["submitted", "approved"]);
    expect((await history(rejected.reviewId)).map((e) => e.kind)).toEqual(["submitted", "rejected"]);
    expect((await publicReviews()).reviews.some((r) => r.id === approved.reviewId)).toBe(true);
  });

  it("shows a pending review's automatic publication date: 30 days after submission", async () => {
    const { reviewId } = await submitReview(t, shop, clock, { rating: 4, comment: "Bien." });
    const list = await t.inject({
      method: "GET",
      url: "/api/v1/company/reviews/?status=pending",
      headers: shop.auth,
    });
    const found = expectMatchesContract<{ results: Review[] }>(list, "companyReviewsList").results.find(
      (r) => r.id === reviewId,
    );
    expect(found?.auto_publish_at).toBe(new Date(clock.now().getTime() + 30 * DAY).toISOString());
    await patch(reviewId, { status: "approved" });
  });

  it("publishes one reply per approved review, edits and deletes it, shows it publicly and tells the author", async () => {
    const { reviewId, email, orderDate } = await submitReview(t, shop, clock, {
      rating: 5,
      comment: "Superbe.",
    });
    const url = `/api/v1/company/reviews/${reviewId}/reply/`;
    const early = await t.inject({ method: "PUT", url, headers: shop.auth, payload: { body: "Merci !" } });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: "Seul un avis publié peut recevoir une réponse." });
    await patch(reviewId, { status: "approved" });

    const empty = await t.inject({ method: "PUT", url, headers: shop.auth, payload: { body: "   " } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ body: ["La réponse ne peut pas être vide."] });
    const tooLong = await t.inject({
      method: "PUT",
      url,
      headers: shop.auth,
      payload: { body: "x".repeat(2001) },
    });
    expect(tooLong.statusCode).toBe(400);

    const put = await t.inject({ method: "PUT", url, headers: shop.auth, payload: { body: "Merci Léa !" } });
    expect(put.statusCode).toBe(200);
    expect(expectMatchesContract<Review>(put, "companyReviewsReplyPut").reply?.body).toBe("Merci Léa !");

    const publicBody = await publicReviews();
    expect(publicBody.sort_order).toBe("published_at_desc");
    const shown = publicBody.reviews.find((r) => r.id === reviewId);
    expect(shown?.reply).toMatchObject({ body: "Merci Léa !" });
    expect(shown?.experience_date).toBe(orderDate);
    expect(shown?.published_at).toBe(clock.now().toISOString());

    const mail = await t.smtp.waitForMail((m) => m.to.includes(email) && m.subject.includes("a répondu"));
    expect(mail.subject).toBe(`${shop.company.name} a répondu à votre avis`);
    expect(mail.text).toContain("Merci Léa !");

    const edit = await t.inject({
      method: "PUT",
      url,
      headers: shop.auth,
      payload: { body: "Merci beaucoup Léa !" },
    });
    expect(expectMatchesContract<Review>(edit, "companyReviewsReplyPut").reply?.body).toBe(
      "Merci beaucoup Léa !",
    );
    const del = await t.inject({ method: "DELETE", url, headers: shop.auth });
    expect(del.statusCode).toBe(204);
    expect((await publicReviews()).reviews.find((r) => r.id === reviewId)?.reply).toBeNull();
    expect((await history(reviewId)).map((e) => e.kind)).toEqual([
      "submitted",
      "approved",
      "reply_published",
      "reply_edited",
      "reply_deleted",
    ]);
    // One e-mail per order and kind: the edit did not send a second one.
    const replies = await t.ctx.db.select().from(emailDeliveries).where(eq(emailDeliveries.kind, "reply"));
    expect(replies.filter((r) => r.status !== "cancelled")).toHaveLength(1);
  });

  it("sends staff text to the author as plain text: no link made of a rejection note or a reply", async () => {
    const note = 'Voir http://127.0.0.1/a?b=1&c="><b>x</b> svp';
    const rejected = await submitReview(t, shop, clock, { rating: 1, comment: "Nul." });
    await patch(rejected.reviewId, {
      status: "rejected",
      rejection_reason: "off_topic",
      rejection_note: note,
    });
    const rejection = await t.smtp.waitForMail(
      (m) => m.to.includes(rejected.email) && m.subject.includes("pas été publié"),
    );
    expect(rejection.text).toContain(`Précision : ${note}`);
    expect(rejection.html).toContain(
      "Précision : Voir http://127.0.0.1/a?b=1&amp;c=&quot;&gt;&lt;b&gt;x&lt;/b&gt; svp",
    );
    const procedure = `${t.publicUrl}/widget/fonctionnement?company_id=${shop.company.id}`;
    // Our own links only: the statement of reasons' rule and appeal (ARCHITECTURE §10.20), the procedure.
    const links = (rejection.html.match(/<a href="[^"]*">/g) ?? []).map((a) => a.slice(9, -2));
    expect(links).toHaveLength(3);
    expect(links[0]).toBe(`${t.publicUrl}/regles-de-moderation`);
    expect(links[1]).toMatch(new RegExp(`^${t.publicUrl}/recours\\?token=`));
    expect(links[2]).toBe(procedure);

    const replied = await submitReview(t, shop, clock, { rating: 5, comment: "Top." });
    await patch(replied.reviewId, { status: "approved" });
    const reply = "Retrouvez-nous sur https://127.0.0.1/promo?code=X";
    await t.inject({
      method: "PUT",
      url: `/api/v1/company/reviews/${replied.reviewId}/reply/`,
      headers: shop.auth,
      payload: { body: reply },
    });
    const mail = await t.smtp.waitForMail(
      (m) => m.to.includes(replied.email) && m.subject.includes("a répondu"),
    );
    expect(mail.text).toContain(reply);
    expect(mail.html).toContain("Retrouvez-nous sur https://127.0.0.1/promo?code=X");
    expect(mail.html.match(/<a href="[^"]*">/g)).toEqual([`<a href="${procedure}">`]);
  });

  it("tells the author again when a review re-submitted after a rejection is rejected again", async () => {
    const { reviewId, email } = await submitReview(t, shop, clock, { rating: 1, comment: "Mon 06…" });
    await patch(reviewId, { status: "rejected", rejection_reason: "personal_data" });
    const rejections = () => t.smtp.mailsTo(email).filter((m) => m.subject.includes("pas été publié"));
    await expect.poll(() => rejections().length, { timeout: 5_000 }).toBe(1);
    // The author's re-submission puts the review back in moderation.
    await t.ctx.db.update(reviews).set({ status: "pending" }).where(eq(reviews.id, reviewId));
    const again = await patch(reviewId, { status: "rejected", rejection_reason: "abusive" });
    expect(again.statusCode).toBe(200);
    await expect.poll(() => rejections().length, { timeout: 5_000 }).toBe(2);
    expect(rejections()[1]?.text).toContain("Motif : Propos injurieux");
  });

  it("lets the author withdraw through the thanks e-mail's personal link, whatever the status", async () => {
    const { reviewId, email } = await submitReview(t, shop, clock, { rating: 3, comment: "Moyen." });
    await patch(reviewId, { status: "approved" });
    const thanks = await t.smtp.waitForMail((m) => m.to.includes(email) && m.subject.startsWith("Merci"));
    const link = thanks.links.find((l) => l.includes("/create-reviews/retrait?token="));
    expect(link).toBeDefined();
    const token = new URL(link as string).searchParams.get("token") as string;
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
    const [stored] = await t.ctx.db.select().from(reviews).where(eq(reviews.id, reviewId));
    expect(stored?.withdrawalTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.withdrawalTokenHash).not.toContain(token);

    const bad = await t.inject({ method: "GET", url: "/api/v1/review/withdrawal/?token=nope" });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toEqual({ detail: "Ce lien de retrait est invalide." });
    const seen = await t.inject({ method: "GET", url: `/api/v1/review/withdrawal/?token=${token}` });
    expect(
      expectMatchesContract<{ withdrawn: boolean; comment: string }>(seen, "reviewWithdrawalGet"),
    ).toMatchObject({
      withdrawn: false,
      comment: "Moyen.",
    });
    expect((await publicReviews()).reviews.some((r) => r.id === reviewId)).toBe(true);
    const done = await t.inject({ method: "POST", url: "/api/v1/review/withdrawal/", payload: { token } });
    expect(expectMatchesContract<{ withdrawn: boolean }>(done, "reviewWithdrawalConfirm").withdrawn).toBe(
      true,
    );
    expect((await publicReviews()).reviews.some((r) => r.id === reviewId)).toBe(false);

    const list = await t.inject({
      method: "GET",
      url: "/api/v1/company/reviews/?status=withdrawn",
      headers: shop.auth,
    });
    expect(
      expectMatchesContract<{ results: Review[] }>(list, "companyReviewsList").results.map((r) => r.id),
    ).toEqual([reviewId]);
    const locked = await patch(reviewId, { status: "approved" });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toEqual({ detail: "Cet avis a été retiré : il ne peut plus être modifié." });
    expect((await history(reviewId)).at(-1)).toMatchObject({
      kind: "withdrawn",
      actor: "author",
      from_status: "approved",
      to_status: "withdrawn",
    });
  });

  it("a withdrawal link works when the server key was rotated between the review and its thanks e-mail", async () => {
    const quiet = await openShop(t, "Vase");
    const ofQuiet = eq(companies.id, quiet.company.id);
    // Over its quota, the thanks e-mail waits: it is written only after the rotation.
    // The counter of the test clock's month (a counter of another month starts again).
    await t.ctx.db
      .update(companies)
      .set({ emailQuotaUsed: 1_000_000, emailQuotaPeriodStart: clock.now() })
      .where(ofQuiet);
    const { email } = await submitReview(t, quiet, clock, { rating: 4, comment: "Bien." });
    const thanksRow = async () =>
      (
        await t.ctx.db
          .select()
          .from(emailDeliveries)
          .where(and(eq(emailDeliveries.companyId, quiet.company.id), eq(emailDeliveries.kind, "thanks")))
      )[0];
    await expect.poll(async () => (await thanksRow())?.status, { timeout: 10_000 }).toBe("held");
    const before = t.ctx.keys;
    const rotated = "r".repeat(40);
    t.ctx.keys = createKeyRing([{ kid: keyId(rotated), secret: rotated }, ...before.roots]);
    try {
      await t.ctx.db.update(companies).set({ emailQuotaUsed: 0 }).where(ofQuiet);
      await t.ctx.db
        .update(emailDeliveries)
        .set({ scheduledAt: clock.now() })
        .where(eq(emailDeliveries.id, (await thanksRow())?.id ?? ""));
      t.app.pipeline.notify();
      const thanks = await t.smtp.waitForMail((m) => m.to.includes(email) && m.subject.startsWith("Merci"));
      const link = thanks.links.find((l) => l.includes("/create-reviews/retrait?token=")) as string;
      const token = new URL(link).searchParams.get("token") as string;
      const seen = await t.inject({
        method: "GET",
        url: `/api/v1/review/withdrawal/?token=${encodeURIComponent(token)}`,
      });
      expect(seen.statusCode, seen.body).toBe(200);
      expect(expectMatchesContract<{ comment: string }>(seen, "reviewWithdrawalGet").comment).toBe("Bien.");
      const [orderId, mac] = token.split(".") as [string, string];
      const forged = `${orderId}.${mac.startsWith("A") ? "B" : "A"}${mac.slice(1)}`;
      const refused = await t.inject({
        method: "GET",
        url: `/api/v1/review/withdrawal/?token=${encodeURIComponent(forged)}`,
      });
      expect(refused.statusCode).toBe(404);
    } finally {
      t.ctx.keys = before;
    }
  });

  it("logs a reported doubt without hiding the review", async () => {
    const { reviewId } = await submitReview(t, shop, clock, { rating: 5, comment: "Parfait." });
    await patch(reviewId, { status: "approved" });
    const url = `/api/v1/company/reviews/${reviewId}/report/`;
    const empty = await t.inject({ method: "POST", url, headers: shop.auth, payload: { reason: " " } });
    expect(empty.json()).toEqual({ reason: ["Indiquez la raison du signalement."] });
    const res = await t.inject({
      method: "POST",
      url,
      headers: shop.auth,
      payload: { reason: "Même adresse IP que le vendeur" },
    });
    expect(res.statusCode).toBe(201);
    expect(expectMatchesContract<Event>(res, "companyReviewsReport")).toMatchObject({
      kind: "reported",
      reason: "Même adresse IP que le vendeur",
      from_status: "approved",
      to_status: "approved",
    });
    expect((await publicReviews()).reviews.some((r) => r.id === reviewId)).toBe(true);
  });

  it("limits what one member piles up (20 reports a day, 10 reply changes per review an hour) and pages the history", async () => {
    const busy = await openShop(t, "Tapis");
    const { reviewId } = await submitReview(t, busy, clock, { rating: 1, comment: "Douteux." });
    const base = `/api/v1/company/reviews/${reviewId}`;
    const approved = await t.inject({
      method: "PATCH",
      url: `${base}/`,
      headers: busy.auth,
      payload: { status: "approved" },
    });
    expect(approved.statusCode).toBe(200);
    const report = (n: number) =>
      t.inject({
        method: "POST",
        url: `${base}/report/`,
        headers: busy.auth,
        payload: { reason: `Doute ${n}` },
      });
    for (let n = 1; n <= 20; n++) expect((await report(n)).statusCode).toBe(201);
    const tooMany = await report(21);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.headers["retry-after"]).toBe("86400");
    expect(expectMatchesContract(tooMany, "companyReviewsReport")).toEqual({
      detail: "Vous avez déjà signalé 20 doutes en 24 heures. Réessayez plus tard.",
    });

    const page = expectMatchesContract<{
      count: number;
      next: string | null;
      previous: string | null;
      results: Event[];
    }>(
      await t.inject({ method: "GET", url: `${base}/history/?limit=5&offset=20`, headers: busy.auth }),
      "companyReviewsHistory",
    );
    expect(page.count).toBe(22);
    expect(page.results.map((e) => e.reason)).toEqual(["Doute 19", "Doute 20"]);
    expect(page.next).toBeNull();
    expect(page.previous).toBe(`${t.publicUrl}${base}/history/?limit=5&offset=15`);

    const reply = (body: string) =>
      t.inject({ method: "PUT", url: `${base}/reply/`, headers: busy.auth, payload: { body } });
    for (let n = 1; n <= 9; n++) expect((await reply(`Réponse ${n}`)).statusCode).toBe(200);
    expect((await t.inject({ method: "DELETE", url: `${base}/reply/`, headers: busy.auth })).statusCode).toBe(
      204,
    );
    const throttled = await reply("Réponse 11");
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers["retry-after"])).toBe(3600);
    expect(expectMatchesContract(throttled, "companyReviewsReplyPut")).toEqual({
      detail: "La réponse à cet avis a déjà été modifiée 10 fois en une heure. Réessayez plus tard.",
    });
  });

  it("refuses, in the database itself, any change to a review's rating, title, comment or answers", async () => {
    const { reviewId } = await submitReview(t, shop, clock, { rating: 2, comment: "Original." });
    const db = t.ctx.db;
    await expect(
      db.execute(sql`UPDATE reviews SET comment = 'Réécrit' WHERE id = ${reviewId}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`UPDATE reviews SET rating = 5 WHERE id = ${reviewId}`)).rejects.toThrow();
    await expect(db.execute(sql`UPDATE reviews SET title = 'x' WHERE id = ${reviewId}`)).rejects.toThrow();
    await expect(
      db.execute(sql`UPDATE reviews SET answers = '{"rating": 5}'::jsonb WHERE id = ${reviewId}`),
    ).rejects.toThrow();
    // Moderation columns stay writable; an UPDATE that sets the same text is not a change.
    await db.execute(sql`UPDATE reviews SET status = 'approved', comment = comment WHERE id = ${reviewId}`);
    const [row] = await db.select().from(reviews).where(eq(reviews.id, reviewId));
    expect(row).toMatchObject({ comment: "Original.", rating: "2.00", status: "approved" });
    // The trail is append-only.
    await expect(
      db.execute(sql`UPDATE review_events SET note = 'x' WHERE review_id = ${reviewId}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM review_events WHERE review_id = ${reviewId}`)).rejects.toThrow();
    expect((await history(reviewId)).length).toBeGreaterThan(0);
  });

  it("exports the whole trail as CSV", async () => {
    const res = await t.inject({
      method: "GET",
      url: "/api/v1/company/reviews/audit.csv",
      headers: shop.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("date;avis;produit;auteur_avis;evenement;par;de;vers;motif;note");
    expect(lines.some((l) => l.includes(";Avis rejeté;") && l.includes(";personal_data;"))).toBe(true);
    expect(lines.some((l) => l.includes(";Retiré par l'auteur;Auteur de l'avis;approved;withdrawn;"))).toBe(
      true,
    );
    const other = await openShop(t, "Autre");
    const theirs = await t.inject({
      method: "GET",
      url: "/api/v1/company/reviews/audit.csv",
      headers: other.auth,
    });
    expect(
      theirs.body
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n"),
    ).toHaveLength(1);
  });

  it("streams the trail page by page, each event once and in order, formulas neutralised", async () => {
    const { reviewId } = await submitReview(t, shop, clock, { rating: 4, comment: "Bien." });
    const report = (reason: string) =>
      t.inject({
        method: "POST",
        url: `/api/v1/company/reviews/${reviewId}/report/`,
        headers: shop.auth,
        payload: { reason },
      });
    for (const reason of ['=HYPERLINK("x")', "+33 6", "-1", "@SUM(A1)", "Doute ; simple"])
      expect((await report(reason)).statusCode).toBe(201);
    const all = await t.ctx.db
      .select({ id: reviewEvents.id })
      .from(reviewEvents)
      .where(eq(reviewEvents.companyId, shop.company.id));
    const pageSize = auditCsvLimits.pageSize;
    auditCsvLimits.pageSize = { pglite: 2, postgres: 2 };
    try {
      const res = await t.inject({
        method: "GET",
        url: "/api/v1/company/reviews/audit.csv",
        headers: shop.auth,
      });
      expect(res.statusCode).toBe(200);
      // Sent as it is read (chunked), not built whole and then measured.
      expect(res.headers["content-length"]).toBeUndefined();
      expect(res.headers["transfer-encoding"]).toBe("chunked");
      const lines = res.body.replace(/^\uFEFF/, "").split("\r\n");
      expect(lines.pop()).toBe("");
      expect(lines).toHaveLength(all.length + 1);
      const dates = lines.slice(1).map((l) => l.split(";")[0] as string);
      expect([...dates].sort()).toEqual(dates);
      const ofReview = lines.filter((l) => l.includes(reviewId));
      expect(ofReview.map((l) => l.split(";").slice(8).join(";"))).toEqual([
        ";",
        `"'=HYPERLINK(""x"")";`,
        "'+33 6;",
        "'-1;",
        "'@SUM(A1);",
        `"Doute ; simple";`,
      ]);
    } finally {
      auditCsvLimits.pageSize = pageSize;
    }
  });

  it("lists negative reviews without a reply after 5 days", async () => {
    const { reviewId } = await submitReview(t, shop, clock, { rating: 1, comment: "Cassé à l'arrivée." });
    await patch(reviewId, { status: "approved" });
    const awaiting = async () =>
      expectMatchesContract<Review[]>(
        await t.inject({ method: "GET", url: "/api/v1/company/reviews/awaiting-reply/", headers: shop.auth }),
        "companyReviewsAwaitingReply",
      ).map((r) => r.id);
    expect(await awaiting()).not.toContain(reviewId);
    clock.advanceDays(5.1);
    await signInAgain(t, shop);
    expect(await awaiting()).toContain(reviewId);
    await t.inject({
      method: "PUT",
      url: `/api/v1/company/reviews/${reviewId}/reply/`,
      headers: shop.auth,
      payload: { body: "Nous vous envoyons un remplacement." },
    });
    expect(await awaiting()).not.toContain(reviewId);
  });

  it("warns the admins 3 days before, then publishes a review left pending 30 days (controlled clock)", async () => {
    const fresh = await openShop(t, "Bougie");
    const { reviewId } = await submitReview(t, fresh, clock, { rating: 1, comment: "Jamais reçu." });
    clock.advanceDays(26.9);
    expect((await runCertificationJobs(t.ctx.db, clock.now())).warned).toBe(0);
    clock.advanceDays(0.2);
    await runCertificationJobs(t.ctx.db, clock.now());
    await runCertificationJobs(t.ctx.db, clock.now());
    clock.advanceDays(0.01);
    t.app.pipeline.notify();
    const warning = await t.smtp.waitForMail(
      (m) => m.to.includes(fresh.company.owner.email) && m.subject.includes("publié automatiquement"),
    );
    expect(warning.subject).toBe("1 avis sera publié automatiquement dans 3 jours");
    expect(warning.text).toContain("Léa Bernard, « Bougie »");
    const warnings = await t.ctx.db
      .select()
      .from(emailDeliveries)
      .where(eq(emailDeliveries.companyId, fresh.company.id));
    expect(warnings.filter((w) => w.kind === "publication_warning")).toHaveLength(1);

    clock.advanceDays(2.8);
    await runCertificationJobs(t.ctx.db, clock.now());
    const [stillPending] = await t.ctx.db.select().from(reviews).where(eq(reviews.id, reviewId));
    expect(stillPending?.status).toBe("pending");
    clock.advanceDays(0.2);
    const run = await runCertificationJobs(t.ctx.db, clock.now());
    expect(run.published).toBeGreaterThanOrEqual(1);
    const [published] = await t.ctx.db.select().from(reviews).where(eq(reviews.id, reviewId));
    expect(published?.status).toBe("approved");
    const events = await t.ctx.db.select().from(reviewEvents).where(eq(reviewEvents.reviewId, reviewId));
    expect(events.map((e) => [e.kind, e.actor, e.reason])).toEqual([
      ["submitted", "author", null],
      ["auto_published", "system", "delay_30_days"],
    ]);
    expect((await runCertificationJobs(t.ctx.db, clock.now())).published).toBe(0);
    // Published on day 30, it can no longer be rejected.
    await signInAgain(t, fresh);
    const late = await t.inject({
      method: "PATCH",
      url: `/api/v1/company/reviews/${reviewId}/`,
      headers: fresh.auth,
      payload: { status: "rejected", rejection_reason: "abusive" },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: "Cet avis a déjà été modéré." });
  });

  it("withdraws published reviews from public view after 5 years and purges rejected ones after a year", async () => {
    await signInAgain(t, shop);
    const { reviewId } = await submitReview(t, shop, clock, { rating: 4, comment: "Toujours là ?" });
    await patch(reviewId, { status: "approved" });
    const fiveYearsLater = new Date(clock.now());
    fiveYearsLater.setUTCFullYear(fiveYearsLater.getUTCFullYear() + 5);
    const rejected = await submitReview(t, shop, clock, { rating: 1, comment: "Hors sujet." });
    const rejectedRes = await patch(rejected.reviewId, { status: "rejected", rejection_reason: "off_topic" });
    expect(rejectedRes.statusCode).toBe(200);

    clock.advanceDays(366);
    await signInAgain(t, shop);
    await runCertificationJobs(t.ctx.db, clock.now());
    expect(await t.ctx.db.select().from(reviews).where(eq(reviews.id, rejected.reviewId))).toHaveLength(0);
    // Its trail goes with it (the legal page: 'conservé un an ... puis supprimé'); the published one's stays.
    const trailOf = async (id: string) =>
      (await t.ctx.db.select().from(reviewEvents).where(eq(reviewEvents.reviewId, id))).map((e) => e.kind);
    expect(await trailOf(rejected.reviewId)).toEqual([]);
    expect(await trailOf(reviewId)).toEqual(["submitted", "approved"]);
    expect((await publicReviews()).reviews.some((r) => r.id === reviewId)).toBe(true);

    clock.set(new Date(fiveYearsLater.getTime() - DAY));
    await runCertificationJobs(t.ctx.db, clock.now());
    const [kept] = await t.ctx.db.select().from(reviews).where(eq(reviews.id, reviewId));
    expect(kept?.status).toBe("approved");
    clock.advanceDays(2);
    await signInAgain(t, shop);
    await runCertificationJobs(t.ctx.db, clock.now());
    const [expired] = await t.ctx.db.select().from(reviews).where(eq(reviews.id, reviewId));
    expect(expired?.status).toBe("expired");
    expect((await publicReviews()).reviews.some((r) => r.id === reviewId)).toBe(false);
    expect((await history(reviewId)).at(-1)).toMatchObject({
      kind: "expired",
      actor: "system",
      reason: "retention_5_years",
    });
  });

  it("serves the per-company procedure from what the product enforces", async () => {
    const res = await t.inject({
      method: "GET",
      url: `/api/v1/public/procedure/?company_id=${shop.company.id}`,
    });
    const procedure = expectMatchesContract<{
      company: { name: string };
      max_publication_delay_days: number;
      retention_years: number;
      rejection_reasons: { code: string; label: string }[];
      incentive: boolean;
    }>(res, "publicProcedureGet");
    expect(procedure).toMatchObject({
      company: { name: shop.company.name },
      max_publication_delay_days: 30,
      retention_years: 5,
      order_pii_retention_days: 365,
      incentive: false,
    });
    expect(procedure.rejection_reasons.map((r) => r.code)).toEqual([
      "abusive",
      "personal_data",
      "off_topic",
      "conflict_of_interest",
      "fake_suspected",
    ]);
    const unknown = await t.inject({
      method: "GET",
      url: "/api/v1/public/procedure/?company_id=00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.statusCode).toBe(404);

    const page = await t.inject({
      method: "GET",
      url: `/widget/fonctionnement?company_id=${shop.company.id}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.body).toContain(`<title>Avis certifiés de ${shop.company.name}</title>`);
    expect(page.body).toContain("au plus tard 30 jours après son dépôt");
    expect(page.body).toContain(
      "Cette décision est définitive : un avis publié ne peut plus être rejeté, ni un avis rejeté être publié.",
    );
    expect(page.body).toContain("ni retirer un avis publié, même quand le produit n&#x27;est plus vendu");
    expect(page.body).toContain("pendant 5 ans au plus après leur publication");
    expect(page.body).toContain(
      "Les nom, prénom et adresse e-mail des clients qui n&#x27;ont pas déposé d&#x27;avis sont anonymisés 365 jours après la commande.",
    );
    expect(page.body).toContain("<li>Soupçon de faux avis</li>");
    expect(page.body).toContain("Aucune contrepartie n&#x27;est accordée");
  });
});
