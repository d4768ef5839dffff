import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailDeliveries, emailSuppressions, orders } from "../../src/db/schema";
import { runLeasedJob } from "../../src/lib/leased-queue";
import { LEASE_MS, manualClock } from "../../src/modules/pipeline";
import { mailJob } from "../../src/modules/pipeline/mail-send";
import { emailHash } from "../../src/modules/privacy/suppressions";
import { deriveUnsubscribeToken } from "../../src/modules/privacy/unsubscribe-token";
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

describe.each(TEST_DATABASES)("one-click unsubscribe and the suppression list on %s", (kind) => {
  const clock = manualClock(new Date());
  let t: TestApp;
  let company: TestCompany;
  let auth: Record<string, string>;
  let ownerEmail: string;

  beforeAll(async () => {
    t = await createTestApp({ kind, now: () => clock.now() });
    const owner = await registerVerifiedUser(t);
    ownerEmail = owner.email;
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
        email_reminder_template_id: company.defaults.reminderTemplateId,
        send_reminder: true,
      },
    });
    expect(product.statusCode).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  const postOrder = (reference: string, email: string, daysAgo = 3) =>
    t.inject({
      method: "POST",
      url: "/api/v1/orders/",
      headers: { "x-api-key": company.apiKey },
      payload: {
        sku: "LAMP-001",
        buyer_email: email,
        buyer_first_name: "Léa",
        buyer_last_name: "Bernard",
        reference,
        order_date: new Date(clock.now().getTime() - daysAgo * DAY).toISOString(),
      },
    });
  const deliveriesOf = (orderId: string) =>
    t.ctx.db
      .select({ kind: emailDeliveries.kind, status: emailDeliveries.status })
      .from(emailDeliveries)
      .where(eq(emailDeliveries.orderId, orderId));
  const suppressions = async (query = "") => {
    const res = await t.inject({
      method: "GET",
      url: `/api/v1/company/suppressions/${query}`,
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    return expectMatchesContract<{
      count: number;
      results: { id: string; email: string | null; reason: string }[];
    }>(res, "companySuppressionsList");
  };

  it("mails the request with RFC 8058 headers and footer link; GET asks, POST suppresses for the company", async () => {
    const created = await postOrder("CMD-1", "lea.bernard@exemple.fr");
    expect(created.statusCode).toBe(201);
    const order = expectMatchesContract<{ id: string; email_status: string }>(created, "ordersCreate");
    expect(order.email_status).toBe("scheduled");

    const mail = await t.smtp.waitForMail((m) => m.to.includes("lea.bernard@exemple.fr"), 10_000);
    // A buyer clicks the link of a mail the worker has recorded as sent. The SMTP server has it a moment
    // earlier: an unsubscribe in that moment cancels the lease, and the mail stays recorded as cancelled.
    // On a loaded run the bounce rate below then read 1 instead of 1/2.
    await expect
      .poll(async () => (await deliveriesOf(order.id)).find((d) => d.kind === "request")?.status, {
        timeout: 10_000,
      })
      .toBe("sent");
    const header = mail.headers["list-unsubscribe"] ?? "";
    const url = /^<(.+)>$/.exec(header)?.[1] ?? "";
    expect(url).toMatch(/^http:\/\/certavis\.test\/api\/v1\/public\/unsubscribe\/\?token=[^&]+$/);
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    // The company speaks: its name as sender, its owner's address for answers.
    expect(mail.from).toMatch(/^"?Maison Lumière"? </);
    expect(mail.headers["reply-to"]).toBe(ownerEmail);
    expect(mail.text).toContain(`Ne plus recevoir de demandes d'avis de Maison Lumière : ${url}`);
    expect(mail.html).toContain(
      `<a href="${url.replace(/&/g, "&amp;")}">Ne plus recevoir de demandes d&#x27;avis de Maison Lumière</a>`,
    );
    const path = url.slice(t.publicUrl.length);

    // A mail scanner opening the link changes nothing.
    const page = await t.inject({ method: "GET", url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain("Ne plus recevoir de demandes d&#x27;avis de Maison Lumière ?");
    expect(page.body).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click"/>');
    expect(page.body).toContain("Confirmer la désinscription");
    expect((await suppressions()).count).toBe(0);
    expect(await deliveriesOf(order.id)).toContainEqual({ kind: "reminder", status: "scheduled" });

    // What Gmail and Yahoo post.
    const done = await t.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(
      "C&#x27;est fait : vous ne recevrez plus de demandes d&#x27;avis de Maison Lumière.",
    );
    const again = await t.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(again.statusCode).toBe(200);

    const list = await suppressions();
    expect(list.results).toEqual([
      expect.objectContaining({ email: "lea.bernard@exemple.fr", reason: "unsubscribe" }),
    ]);
    expect(await deliveriesOf(order.id)).toContainEqual({ kind: "reminder", status: "cancelled" });
    const listRes = await t.inject({ method: "GET", url: "/api/v1/company/orders/", headers: auth });
    const listed = expectMatchesContract<{ results: { id: string; email_status: string }[] }>(
      listRes,
      "companyOrdersList",
    );
    expect(listed.results.find((o) => o.id === order.id)?.email_status).toBe("suppressed");
  });

  it("records a later order of the address (201, suppressed) and never e-mails it", async () => {
    const created = await postOrder("CMD-2", "Lea.Bernard@Exemple.fr");
    expect(created.statusCode).toBe(201);
    const order = expectMatchesContract<{ id: string; email_status: string }>(created, "ordersCreate");
    expect(order.email_status).toBe("suppressed");
    expect(await deliveriesOf(order.id)).toEqual([]);
  });

  it("takes the one-click POST as multipart/form-data too (RFC 8058 lets providers send either)", async () => {
    const order = expectMatchesContract<{ id: string }>(
      await postOrder("CMD-M1", "hugo.petit@exemple.fr", 0),
      "ordersCreate",
    );
    const path = `/api/v1/public/unsubscribe/?token=${encodeURIComponent(
      deriveUnsubscribeToken(t.ctx.keys.currentKey("review-key"), order.id),
    )}`;
    const body = multipartBody({ "List-Unsubscribe": "One-Click" });
    const done = await t.inject({ method: "POST", url: path, headers: body.headers, payload: body.payload });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain(
      "C&#x27;est fait : vous ne recevrez plus de demandes d&#x27;avis de Maison Lumière.",
    );
    expect((await suppressions("?search=hugo.petit")).results).toEqual([
      expect.objectContaining({ email: "hugo.petit@exemple.fr", reason: "unsubscribe" }),
    ]);
    expect(await deliveriesOf(order.id)).toContainEqual({ kind: "request", status: "cancelled" });
    // A file is nothing a provider sends: refused in French, nothing read into memory.
    const withFile = multipartBody({ "List-Unsubscribe": "One-Click" }, [
      { name: "f", filename: "a.bin", contentType: "application/octet-stream", data: Buffer.alloc(10) },
    ]);
    const refused = await t.inject({
      method: "POST",
      url: path,
      headers: withFile.headers,
      payload: withFile.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: "Le corps multipart/form-data est invalide." });
  });

  it("answers a forged token with a French 404 page, GET and POST", async () => {
    const forged = `/api/v1/public/unsubscribe/?token=${encodeURIComponent("00000000-0000-4000-8000-000000000000.AAAA")}`;
    for (const method of ["GET", "POST"] as const) {
      const res = await t.inject({ method, url: forged });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain("Lien de désinscription invalide");
    }
  });

  it("lists and searches; removes a bounce only; another company's entry is not found; staff below manager refused", async () => {
    const [bounce] = await t.ctx.db
      .insert(emailSuppressions)
      .values({
        companyId: company.id,
        email: "adresse.morte@exemple.fr",
        emailHash: emailHash(t.ctx.keys, "adresse.morte@exemple.fr"),
        reason: "bounce",
      })
      .returning();
    const searched = await suppressions("?search=MORTE");
    expect(searched.results.map((s) => s.email)).toEqual(["adresse.morte@exemple.fr"]);

    const unsubscribed = (await suppressions("?search=lea.bernard")).results[0];
    const kept = await t.inject({
      method: "DELETE",
      url: `/api/v1/company/suppressions/${unsubscribed?.id}/`,
      headers: auth,
    });
    expect(kept.statusCode).toBe(403);
    expect(expectMatchesContract<{ detail: string }>(kept, "companySuppressionsDelete").detail).toBe(
      "Seule une adresse exclue après un rejet du serveur de messagerie peut être retirée : un acheteur qui s'est désinscrit ou a été effacé ne peut pas être réinscrit.",
    );

    const other = await createCompanyFor(t, await registerVerifiedUser(t));
    const foreign = await t.inject({
      method: "DELETE",
      url: `/api/v1/company/suppressions/${bounce?.id}/`,
      headers: authHeaders(other.owner.access),
    });
    expect(foreign.statusCode).toBe(404);

    const moderator = await addMember(t, company, "moderator");
    const refused = await t.inject({
      method: "GET",
      url: "/api/v1/company/suppressions/",
      headers: authHeaders(moderator.access),
    });
    expect(refused.statusCode).toBe(403);

    const removed = await t.inject({
      method: "DELETE",
      url: `/api/v1/company/suppressions/${bounce?.id}/`,
      headers: auth,
    });
    expect(removed.statusCode).toBe(204);
    const left = await t.ctx.db
      .select()
      .from(emailSuppressions)
      .where(and(eq(emailSuppressions.companyId, company.id), eq(emailSuppressions.reason, "bounce")));
    expect(left).toEqual([]);
  });
  it("a 550 at RCPT TO bounces: no retry, address suppressed, reminder cancelled; a 450 is retried", async () => {
    t.smtp.refuse = (address) =>
      address === "inconnu@exemple.fr" ? 550 : address === "saturee@exemple.fr" ? 450 : null;
    const dead = expectMatchesContract<{ id: string }>(
      await postOrder("CMD-B1", "inconnu@exemple.fr"),
      "ordersCreate",
    );
    const busy = expectMatchesContract<{ id: string }>(
      await postOrder("CMD-B2", "saturee@exemple.fr"),
      "ordersCreate",
    );
    t.app.pipeline.notify();
    const attemptsOf = async (orderId: string) =>
      (
        await t.ctx.db
          .select({ status: emailDeliveries.status, attempts: emailDeliveries.attempts })
          .from(emailDeliveries)
          .where(and(eq(emailDeliveries.orderId, orderId), eq(emailDeliveries.kind, "request")))
      )[0];
    await expect
      .poll(() => attemptsOf(dead.id), { timeout: 10_000 })
      .toEqual({ status: "failed", attempts: 1 });
    await expect
      .poll(() => attemptsOf(busy.id), { timeout: 10_000 })
      .toEqual({ status: "scheduled", attempts: 1 });
    expect(await deliveriesOf(dead.id)).toContainEqual({ kind: "reminder", status: "cancelled" });
    expect((await suppressions("?search=inconnu")).results).toEqual([
      expect.objectContaining({ email: "inconnu@exemple.fr", reason: "bounce" }),
    ]);
    expect((await suppressions("?search=saturee")).count).toBe(0);
    const listed = expectMatchesContract<{ results: { id: string; email_status: string }[] }>(
      await t.inject({ method: "GET", url: "/api/v1/company/orders/", headers: auth }),
      "companyOrdersList",
    );
    expect(listed.results.find((o) => o.id === dead.id)?.email_status).toBe("bounced");
    expect(listed.results.find((o) => o.id === busy.id)?.email_status).toBe("scheduled");
    // The dashboard's bounce rate: 1 refused out of the requests of the month (CMD-1 went out).
    const company = expectMatchesContract<{ email_bounce_rate: number | null }>(
      await t.inject({ method: "GET", url: "/api/v1/company/", headers: auth }),
      "companyGet",
    );
    expect(company.email_bounce_rate).toBe(1 / 2);
    t.smtp.refuse = undefined;
  });

  it("a 554 after DATA is the server's refusal, not the buyer's: retried, nothing suppressed, /health/ up", async () => {
    t.smtp.refuseData = (address) => (address === "pleine@exemple.fr" ? 554 : null);
    const refused = expectMatchesContract<{ id: string }>(
      await postOrder("CMD-D1", "pleine@exemple.fr"),
      "ordersCreate",
    );
    t.app.pipeline.notify();
    await expect
      .poll(
        async () =>
          (
            await t.ctx.db
              .select({ status: emailDeliveries.status, attempts: emailDeliveries.attempts })
              .from(emailDeliveries)
              .where(and(eq(emailDeliveries.orderId, refused.id), eq(emailDeliveries.kind, "request")))
          )[0],
        { timeout: 10_000 },
      )
      .toEqual({ status: "scheduled", attempts: 1 });
    t.smtp.refuseData = undefined;
    expect((await t.inject({ method: "GET", url: "/api/v1/health/" })).statusCode).toBe(200);
    expect(await deliveriesOf(refused.id)).toContainEqual({ kind: "reminder", status: "scheduled" });
    expect((await suppressions("?search=pleine")).count).toBe(0);
    const [row] = await t.ctx.db
      .select({ emailStop: orders.emailStop })
      .from(orders)
      .where(eq(orders.id, refused.id));
    expect(row?.emailStop).toBeNull();
  });

  it("does not send an e-mail a worker had already leased when the address unsubscribed", async () => {
    // Ordered today: the request waits for the product's delay, so no worker takes it meanwhile.
    const order = expectMatchesContract<{ id: string }>(
      await postOrder("CMD-L1", "zoe.leroy@exemple.fr", 0),
      "ordersCreate",
    );
    const token = "6f1c1b9e-5d0a-4c56-9b5e-1f2d3c4b5a69";
    // What a worker's claim does: the row is `sending` under its lease.
    const [leased] = await t.ctx.db
      .update(emailDeliveries)
      .set({ status: "sending", leaseToken: token, leaseUntil: sql`now() + interval '30 seconds'` })
      .where(and(eq(emailDeliveries.orderId, order.id), eq(emailDeliveries.kind, "request")))
      .returning();
    if (!leased) throw new Error("no request queued");
    const unsubscribe = `/api/v1/public/unsubscribe/?token=${encodeURIComponent(
      deriveUnsubscribeToken(t.ctx.keys.currentKey("review-key"), order.id),
    )}`;
    const done = await t.inject({
      method: "POST",
      url: unsubscribe,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(done.statusCode).toBe(200);
    // The worker comes to the send step with its claim.
    const sent: string[] = [];
    const outcome = await runLeasedJob(
      t.ctx.db,
      emailDeliveries,
      LEASE_MS,
      mailJob({
        db: t.ctx.db,
        send: async (message) => {
          sent.push(message.to);
        },
        now: () => clock.now(),
        log: () => {},
        alert: () => {},
        keys: () => t.ctx.keys,
      }),
      {
        id: leased.id,
        row: leased,
        companyId: company.id,
        message: { to: "zoe.leroy@exemple.fr", subject: "Votre avis", text: "", html: "" },
        reviewKeyOrderIds: [order.id],
        attempts: 1,
        claimedAt: clock.now(),
      },
      { token, signal: new AbortController().signal },
    );
    expect(outcome).toBe("cancelled");
    expect(sent).toEqual([]);
    expect(await deliveriesOf(order.id)).toContainEqual({ kind: "request", status: "cancelled" });
  });

  // Last: the clock moves a month on (access tokens expire).
  it("cancels at send time an e-mail queued before the address left", async () => {
    // Ordered today: the request waits for the product's delay.
    const created = await postOrder("CMD-3", "paul.martin@exemple.fr", 0);
    const order = expectMatchesContract<{ id: string }>(created, "ordersCreate");
    await t.ctx.db.insert(emailSuppressions).values({
      companyId: company.id,
      email: "paul.martin@exemple.fr",
      emailHash: emailHash(t.ctx.keys, "paul.martin@exemple.fr"),
      reason: "unsubscribe",
    });
    clock.advanceDays(30);
    t.app.pipeline.notify();
    await expect
      .poll(async () => (await deliveriesOf(order.id)).find((d) => d.kind === "request")?.status, {
        timeout: 10_000,
      })
      .toBe("cancelled");
    expect(t.smtp.mailsTo("paul.martin@exemple.fr")).toEqual([]);
    const [row] = await t.ctx.db
      .select({ emailStop: orders.emailStop })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row?.emailStop).toBe("suppressed");
  });
});
