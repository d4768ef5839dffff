import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, emailDeliveries, orders, reviews } from "../../src/db/schema";
import {
  addMember,
  authHeaders,
  createCompanyFor,
  createTestApp,
  expectMatchesContract,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
  type TestCompany,
} from "../helpers";
import { multipartBody } from "../pipeline/multipart";

const DAY = 86_400_000;

type Request = { state: string; at: string | null; reason: string | null };
type Item = { product: { name: string }; request: Request };
type Order = { id: string; reference: string; source: string; buyer_email: string; items: Item[] };
type Page = { count: number; count_capped: boolean; next_cursor: string | null; results: Order[] };
type Event = {
  type: string;
  at: string | null;
  email_kind?: string;
  result?: string;
  detail?: string | null;
};
type Detail = Order & { timeline: Event[]; actions: { send_now: boolean; resend: boolean } };

describe.each(TEST_DATABASES)(
  "Commandes: orders, their requests' states, an order's timeline on %s",
  (kind) => {
    let t: TestApp;
    let company: TestCompany;
    let auth: Record<string, string>;
    const ids: Record<string, string> = {};

    const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();
    const postOrder = async (reference: string, email: string, ago: number, items = [{ sku: "LAMP-1" }]) => {
      const res = await t.inject({
        method: "POST",
        url: "/api/v1/orders/",
        headers: { "x-api-key": company.apiKey },
        payload: {
          items,
          buyer_email: email,
          buyer_first_name: "Léa",
          buyer_last_name: "Bernard",
          reference,
          order_date: daysAgo(ago),
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      ids[reference] = res.json().id;
      return res.json().id as string;
    };
    const list = async (query = "", headers = auth) =>
      expectMatchesContract<Page>(
        await t.inject({ method: "GET", url: `/api/v1/company/orders/${query}`, headers }),
        "companyOrdersList",
      );
    const detail = async (id: string) =>
      expectMatchesContract<Detail>(
        await t.inject({ method: "GET", url: `/api/v1/company/orders/${id}/`, headers: auth }),
        "companyOrdersGet",
      );
    const requestOf = async (reference: string) => {
      const page = await list(`?q=${reference}`);
      const order = page.results.find((o) => o.reference === reference);
      return order?.items.map((item) => item.request);
    };
    /** Lets the server's own mail worker send what is due, until nothing is left to send. */
    const drain = async () => {
      for (let round = 0; round < 50; round++) {
        t.app.pipeline.notify();
        await new Promise((resolve) => setTimeout(resolve, 100));
        const busy = await t.ctx.db
          .select({ id: emailDeliveries.id })
          .from(emailDeliveries)
          .where(eq(emailDeliveries.status, "sending"));
        if (!busy.length && round > 3) return;
      }
    };

    beforeAll(async () => {
      t = await createTestApp({ kind });
      company = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "CROISSANCE" });
      auth = authHeaders(company.owner.access);
      for (const [name, sku, status] of [
        ["Lampe Aurore", "LAMP-1", "active"],
        ["Vase Brouillon", "VASE-D", "draft"],
      ]) {
        const res = await t.inject({
          method: "POST",
          url: "/api/v1/company/products/",
          headers: auth,
          payload: {
            name,
            sku,
            status,
            form_id: company.defaults.formId,
            email_request_template_id: company.defaults.requestTemplateId,
            email_reminder_template_id: company.defaults.reminderTemplateId,
            send_reminder: true,
          },
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      t.smtp.refuse = (address) => (address.startsWith("refuse") ? 550 : null);
      await postOrder("CMD-SCHED", "programme@exemple.fr", 1);
      await postOrder("CMD-SENT", "envoye@exemple.fr", 5);
      await postOrder("CMD-REMIND", "relance@exemple.fr", 60);
      await postOrder("CMD-DRAFT", "brouillon@exemple.fr", 10, [{ sku: "VASE-D" }]);
      await postOrder("CMD-MIXED", "mixte@exemple.fr", 1, [{ sku: "LAMP-1" }, { sku: "VASE-D" }]);
      await postOrder("CMD-BOUNCE", "refuse@exemple.fr", 10);
      await drain();
      await postOrder("CMD-SUPPR", "refuse@exemple.fr", 1);
      await postOrder("CMD-REVIEW", "avis@exemple.fr", 1);
      await postOrder("CMD-FAILED", "echec@exemple.fr", 1);
    });
    afterAll(async () => {
      await t?.close();
    });

    it("says per product where its request stands, from the real deliveries, and where the order came from", async () => {
      const [scheduled] = (await requestOf("CMD-SCHED")) ?? [];
      expect(scheduled?.state).toBe("scheduled");
      expect(scheduled?.at?.slice(0, 10)).toBe(new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10));
      const [sent] = (await requestOf("CMD-SENT")) ?? [];
      expect(sent).toMatchObject({ state: "sent", reason: null });
      expect(Date.now() - Date.parse(sent?.at ?? "")).toBeLessThan(60_000);
      expect((await requestOf("CMD-REMIND"))?.[0]?.state).toBe("reminded");
      expect(await requestOf("CMD-DRAFT")).toEqual([{ state: "skipped", at: null, reason: "product_draft" }]);
      const mixed = await requestOf("CMD-MIXED");
      expect(mixed?.map((r) => r.state)).toEqual(["scheduled", "skipped"]);
      expect(mixed?.[1]?.reason).toBe("product_draft");
      expect(await requestOf("CMD-BOUNCE")).toEqual([{ state: "skipped", at: null, reason: "bounced" }]);
      expect((await requestOf("CMD-SUPPR"))?.[0]?.reason).toBe("unsubscribed");
      // A review of the product, and a request the queue gave up on.
      const [line] = await t.ctx.db
        .select()
        .from(orders)
        .where(eq(orders.id, ids["CMD-REVIEW"] as string));
      await t.ctx.db.insert(reviews).values({
        companyId: company.id,
        productId: line?.productId as string,
        orderId: line?.id,
        rating: "5",
      });
      expect((await requestOf("CMD-REVIEW"))?.[0]?.state).toBe("reviewed");
      await t.ctx.db
        .update(emailDeliveries)
        .set({ status: "failed", lastError: "550 5.7.1 Relais refusé" })
        .where(
          and(eq(emailDeliveries.orderId, ids["CMD-FAILED"] as string), eq(emailDeliveries.kind, "request")),
        );
      expect((await requestOf("CMD-FAILED"))?.[0]?.state).toBe("failed");
      const all = await list("?limit=100");
      expect(all.count).toBe(9);
      expect(new Set(all.results.map((o) => o.source))).toEqual(new Set(["api"]));
    });

    it("finds an order by reference or e-mail, filters by state, source and period, pages by cursor", async () => {
      expect((await list("?q=envoye%40exemple.fr")).results.map((o) => o.reference)).toEqual(["CMD-SENT"]);
      expect((await list("?q=ENVOYE@")).results.map((o) => o.reference)).toEqual(["CMD-SENT"]);
      expect((await list("?q=CMD-RE")).results.map((o) => o.reference).sort()).toEqual([
        "CMD-REMIND",
        "CMD-REVIEW",
      ]);
      expect((await list("?q=CMD_%25")).results).toEqual([]);
      const skipped = await list("?state=skipped");
      expect(skipped.results.map((o) => o.reference).sort()).toEqual([
        "CMD-BOUNCE",
        "CMD-DRAFT",
        "CMD-MIXED",
        "CMD-SUPPR",
      ]);
      expect(skipped).toMatchObject({ count: 4, count_capped: false, next_cursor: null });
      // Filtered lists are not counted: a page says whether more follow.
      const firstTwo = await list("?state=skipped&limit=2");
      expect(firstTwo).toMatchObject({ count: 2, count_capped: true });
      const nextTwo = await list(`?state=skipped&limit=2&cursor=${firstTwo.next_cursor}`);
      expect([...firstTwo.results, ...nextTwo.results].map((o) => o.reference)).toEqual(
        skipped.results.map((o) => o.reference),
      );
      expect(nextTwo.count_capped).toBe(false);
      expect((await list("?state=failed")).results.map((o) => o.reference)).toEqual(["CMD-FAILED"]);
      expect((await list("?state=reminded")).results.map((o) => o.reference)).toEqual(["CMD-REMIND"]);
      expect((await list("?state=reviewed")).results.map((o) => o.reference)).toEqual(["CMD-REVIEW"]);
      expect((await list("?source=shopify")).results).toEqual([]);
      expect((await list("?source=api")).count).toBe(9);
      // An import's orders say CSV.
      const csv =
        "reference;sku;buyer_email;buyer_first_name;buyer_last_name\r\nCSV-1;LAMP-1;csv@exemple.fr;Léa;Roy\r\n";
      const body = multipartBody({}, [
        { name: "file", filename: "commandes.csv", contentType: "text/csv", data: Buffer.from(csv) },
      ]);
      const imported = await t.inject({
        method: "POST",
        url: "/api/v1/company/orders/import/",
        headers: { ...auth, ...body.headers },
        payload: body.payload,
      });
      expect(imported.statusCode, imported.body).toBe(200);
      expect((await list("?source=csv")).results.map((o) => [o.reference, o.source])).toEqual([
        ["CSV-1", "csv"],
      ]);
      const from = daysAgo(30).slice(0, 10);
      const to = daysAgo(5).slice(0, 10);
      expect((await list(`?from=${from}&to=${to}`)).results.map((o) => o.reference).sort()).toEqual([
        "CMD-BOUNCE",
        "CMD-DRAFT",
        "CMD-SENT",
      ]);
      const bad = await t.inject({
        method: "GET",
        url: "/api/v1/company/orders/?from=31/02/2026",
        headers: auth,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ from: ["Date invalide."] });
      // Keyset pages: every order once, in the list's order.
      const seen: string[] = [];
      let cursor: string | null = "";
      while (cursor !== null) {
        const page: Page = await list(`?limit=4${cursor ? `&cursor=${cursor}` : ""}`);
        seen.push(...page.results.map((o) => o.reference));
        cursor = page.next_cursor;
      }
      expect(seen).toEqual((await list("?limit=100")).results.map((o) => o.reference));
      const badCursor = await t.inject({
        method: "GET",
        url: "/api/v1/company/orders/?cursor=xyz",
        headers: auth,
      });
      expect(badCursor.statusCode).toBe(400);
      expect(badCursor.json()).toEqual({
        cursor: ["Curseur de page invalide : repartez de la première page."],
      });
    });

    it("masks buyers for a member, who searches by reference only and may not send", async () => {
      const member = await addMember(t, company, "member");
      const headers = authHeaders(member.access);
      const page = await list("?q=CMD-SENT", headers);
      expect(page.results[0]?.buyer_email).toBe("e***@exemple.fr");
      expect((await list("?q=envoye@exemple.fr", headers)).results).toEqual([]);
      const send = await t.inject({
        method: "POST",
        url: `/api/v1/company/orders/${ids["CMD-SCHED"]}/send-now/`,
        headers,
      });
      expect(send.statusCode).toBe(403);
    });

    it("shows an order's timeline: recorded, each e-mail with its date and result, the reviews", async () => {
      const remind = await detail(ids["CMD-REMIND"] as string);
      // Both were due at once here: the queue sent them together, in either order.
      const events = remind.timeline.map((e) => [e.type, e.email_kind ?? null, e.result ?? null]);
      expect(events[0]).toEqual(["recorded", null, null]);
      expect(events.slice(1).sort()).toEqual([
        ["email", "reminder", "sent"],
        ["email", "request", "sent"],
      ]);
      expect(remind.timeline.every((e) => e.at !== null)).toBe(true);
      expect(remind.actions).toEqual({ send_now: false, resend: false });
      const review = await detail(ids["CMD-REVIEW"] as string);
      expect(review.timeline.map((e) => e.type)).toContain("review");
      const failed = await detail(ids["CMD-FAILED"] as string);
      expect(failed.timeline.find((e) => e.email_kind === "request")).toMatchObject({
        result: "failed",
        detail: "550 5.7.1 Relais refusé",
      });
      expect(failed.actions).toEqual({ send_now: false, resend: true });
      const missing = await t.inject({
        method: "GET",
        url: "/api/v1/company/orders/00000000-0000-4000-8000-000000000000/",
        headers: auth,
      });
      expect(missing.statusCode).toBe(404);
    });

    it("'Envoyer maintenant' sends a scheduled request (the quota as today); 'Renvoyer' once", async () => {
      const sched = ids["CMD-SCHED"] as string;
      expect((await detail(sched)).actions).toEqual({ send_now: true, resend: false });
      const sent = await t.inject({
        method: "POST",
        url: `/api/v1/company/orders/${sched}/send-now/`,
        headers: auth,
      });
      expectMatchesContract(sent, "companyOrdersSendNow");
      const mail = await t.smtp.waitForMail((m) => m.to.includes("programme@exemple.fr"), 10_000);
      expect(mail.subject).toBeTruthy();
      await drain();
      expect((await requestOf("CMD-SCHED"))?.[0]?.state).toBe("sent");
      const again = await t.inject({
        method: "POST",
        url: `/api/v1/company/orders/${sched}/send-now/`,
        headers: auth,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toBe(
        "Aucune demande d'avis programmée pour cette commande : rien à envoyer maintenant.",
      );

      const failed = ids["CMD-FAILED"] as string;
      const resend = await t.inject({
        method: "POST",
        url: `/api/v1/company/orders/${failed}/resend/`,
        headers: auth,
      });
      expectMatchesContract(resend, "companyOrdersResend");
      await t.smtp.waitForMail((m) => m.to.includes("echec@exemple.fr"), 10_000);
      await t.ctx.db
        .update(emailDeliveries)
        .set({ status: "failed" })
        .where(and(eq(emailDeliveries.orderId, failed), eq(emailDeliveries.kind, "request")));
      const twice = await t.inject({
        method: "POST",
        url: `/api/v1/company/orders/${failed}/resend/`,
        headers: auth,
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().detail).toBe(
        "Cette demande d'avis n'est pas en échec, ou a déjà été renvoyée une fois.",
      );

      // The month's e-mails used up: sent now, the request is held, 'Ignoré : quota atteint'.
      await t.ctx.db
        .update(companies)
        .set({ emailQuotaUsed: 100_000, emailQuotaPeriodStart: new Date(Date.now() - 60_000) })
        .where(eq(companies.id, company.id));
      const mixed = ids["CMD-MIXED"] as string;
      const held = await t.inject({
        method: "POST",
        url: `/api/v1/company/orders/${mixed}/send-now/`,
        headers: auth,
      });
      expect(held.statusCode).toBe(200);
      await drain();
      expect((await requestOf("CMD-MIXED"))?.[0]).toMatchObject({
        state: "skipped",
        reason: "quota_reached",
      });
      expect(t.smtp.mailsTo("mixte@exemple.fr")).toEqual([]);
    });
  },
);
