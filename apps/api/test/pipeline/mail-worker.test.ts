import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import {
  companies,
  emailDeliveries,
  emailTemplates,
  forms,
  orders,
  products,
  reviews,
} from "../../src/db/schema";
import { deriveReviewKey, REVIEW_KEY_LIFETIME_DAYS } from "../../src/lib/review-key";
import { createOrder } from "../../src/modules/orders/create-order";
import {
  addDays,
  createMailWorker,
  MAX_ATTEMPTS,
  manualClock,
  onReviewSubmitted,
} from "../../src/modules/pipeline";
import { orderForReviewKey } from "../../src/modules/review-form/review-key-lookup";
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from "../helpers/databases";
import { KEYS, memoryMailer, SECRET, seedCompany, seedOrder } from "./fixtures";

describe.each(TEST_DATABASES)("mail worker on %s", (kind) => {
  let testDb: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    database = testDb.database;
    await database.migrate();
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  type WorkerOptions = Parameters<typeof createMailWorker>[0];
  /** A worker on this database with the test secret and form URL. */
  const workerFor = (
    mailer: WorkerOptions["mailer"],
    clock: WorkerOptions["clock"],
    more: Partial<WorkerOptions> = {},
  ) =>
    createMailWorker({
      db: database.db,
      mailer,
      clock,
      formUrl: "http://f",
      reviewKeySecret: SECRET,
      keys: () => KEYS,
      ...more,
    });

  function deliveriesOf(orderId: string) {
    return database.db.select().from(emailDeliveries).where(eq(emailDeliveries.orderId, orderId));
  }

  describe("mail worker", () => {
    it("sends the request at J+send_after and the reminder remind_after days later, once each", async () => {
      const clock = manualClock(new Date("2026-03-02T10:00:00Z"));
      const { company, product } = await seedCompany(database.db);
      const order = await seedOrder(database.db, company, product, clock.now());
      const mailer = memoryMailer();
      const worker = createMailWorker({
        db: database.db,
        mailer,
        clock,
        formUrl: "https://avis.exemple.fr/",
        reviewKeySecret: SECRET,
        keys: () => KEYS,
      });

      expect((await worker.drain()).sent).toBe(0);
      clock.advanceDays(2.9);
      expect((await worker.drain()).sent).toBe(0);
      clock.advanceDays(0.2);
      expect(await worker.drain()).toMatchObject({ sent: 1 });
      const [request] = mailer.sent;
      const link = `https://avis.exemple.fr/create-reviews?api_key=${deriveReviewKey(SECRET, order.id)}`;
      expect(request?.to).toBe(order.buyerEmail);
      expect(request?.subject).toBe("Votre avis sur Théière <Fonte>");
      expect(request?.text).toContain(`Bonjour Léa,\nDonnez votre avis : ${link}\nMaison Test`);
      expect(request?.html).toContain(`<a href="${link}">ouvrir le formulaire</a>`);
      expect(request?.html).not.toContain(`>${link}<`);
      expect(request?.html).toContain("Bonjour Léa,<br>");

      clock.advanceDays(2);
      expect(await worker.drain()).toMatchObject({ sent: 1 });
      expect(mailer.sent[1]?.subject).toBe("Rappel : Théière <Fonte>");
      clock.advanceDays(30);
      expect((await worker.drain()).sent).toBe(0);
      expect(mailer.sent).toHaveLength(2);
      const rows = await deliveriesOf(order.id);
      expect(rows.map((r) => [r.kind, r.status]).sort()).toEqual([
        ["reminder", "sent"],
        ["request", "sent"],
      ]);
      const [fresh] = await database.db.select().from(companies).where(eq(companies.id, company.id));
      expect(fresh?.emailQuotaUsed).toBe(2);
    });

    it("a review link stays valid 30 days after the last e-mail carrying it (60 + 60 day product)", async () => {
      const clock = manualClock(new Date("2026-03-02T10:00:00Z"));
      const { company, product, templates } = await seedCompany(database.db);
      await database.db
        .update(emailTemplates)
        .set({ sendAfter: 60 })
        .where(eq(emailTemplates.id, templates.request.id));
      await database.db
        .update(emailTemplates)
        .set({ remindAfter: 60 })
        .where(eq(emailTemplates.id, templates.reminder.id));
      await database.db.insert(forms).values({ companyId: company.id, name: "Avis", isDefault: true });
      const order = await seedOrder(database.db, company, product, clock.now());
      await database.db
        .update(orders)
        .set({ reviewKeyExpiresAt: addDays(clock.now(), REVIEW_KEY_LIFETIME_DAYS) })
        .where(eq(orders.id, order.id));
      const key = deriveReviewKey(SECRET, order.id);
      const mailer = memoryMailer();
      const worker = workerFor(mailer, clock);
      clock.advanceDays(60);
      expect(await worker.drain()).toMatchObject({ sent: 1 });
      clock.advanceDays(60);
      expect(await worker.drain()).toMatchObject({ sent: 1 });
      expect(mailer.sent.map((m) => m.subject)).toEqual([
        "Votre avis sur Théière <Fonte>",
        "Rappel : Théière <Fonte>",
      ]);
      expect(mailer.sent[1]?.text).toContain(key);
      const opens = (days: number) =>
        orderForReviewKey(database.db, key, addDays(clock.now(), days)).then(
          () => "valide",
          (error: { message?: string }) => error.message,
        );
      expect(await opens(0)).toBe("valide");
      expect(await opens(29.9)).toBe("valide");
      expect(await opens(30.1)).toBe("Lien d'avis invalide ou expiré.");
    });

    it("a request held by the quota past the key's 90 days still goes out with a link valid 30 more days", async () => {
      const clock = manualClock(new Date("2026-06-29T10:00:00Z"));
      const { company, product } = await seedCompany(database.db, {
        planType: "LANCEMENT",
        sendReminder: false,
      });
      await database.db.insert(forms).values({ companyId: company.id, name: "Avis", isDefault: true });
      const order = await seedOrder(database.db, company, product, addDays(clock.now(), -89));
      await database.db
        .update(orders)
        .set({ reviewKeyExpiresAt: addDays(clock.now(), 1) })
        .where(eq(orders.id, order.id));
      await database.db
        .update(companies)
        .set({ emailQuotaUsed: 40, emailQuotaPeriodStart: new Date("2026-06-01T00:00:00Z") })
        .where(eq(companies.id, company.id));
      const mailer = memoryMailer();
      const worker = workerFor(mailer, clock);
      expect(await worker.drain()).toMatchObject({ sent: 0, held: 1 });
      clock.set(new Date("2026-07-01T00:00:01Z"));
      expect(await worker.drain()).toMatchObject({ sent: 1 });
      const key = deriveReviewKey(SECRET, order.id);
      expect(mailer.sent[0]?.text).toContain(key);
      await expect(orderForReviewKey(database.db, key, addDays(clock.now(), 29.9))).resolves.toBeTruthy();
    });

    it("cancels the reminder once a review exists and sends the thanks e-mail", async () => {
      const clock = manualClock(new Date("2026-03-02T10:00:00Z"));
      const { company, product } = await seedCompany(database.db);
      const order = await seedOrder(database.db, company, product, addDays(clock.now(), -3));
      const mailer = memoryMailer();
      const worker = workerFor(mailer, clock);
      expect((await worker.drain()).sent).toBe(1);
      await database.db.transaction(async (tx) => {
        await tx
          .insert(reviews)
          .values({ companyId: company.id, productId: product.id, orderId: order.id, rating: "5" });
        await onReviewSubmitted(tx, order, clock.now());
      });
      expect((await worker.drain()).sent).toBe(1);
      expect(mailer.sent[1]?.subject).toBe("Merci Léa");
      clock.advanceDays(10);
      expect((await worker.drain()).sent).toBe(0);
      const rows = await deliveriesOf(order.id);
      expect(Object.fromEntries(rows.map((r) => [r.kind, r.status]))).toEqual({
        request: "sent",
        reminder: "cancelled",
        thanks: "sent",
      });
    });

    it("an order of two products: one request listing both when the later is due, a reminder for the one left", async () => {
      const clock = manualClock(new Date("2026-03-02T10:00:00Z"));
      const { company, product } = await seedCompany(database.db);
      const [later] = await database.db
        .insert(emailTemplates)
        .values({
          companyId: company.id,
          name: "Demande J+5",
          subject: "Avis {{ nom_produit }}",
          body: "{{ url_avis }}",
          type: "request",
          sendAfter: 5,
        })
        .returning();
      const [vase] = await database.db
        .insert(products)
        .values({
          companyId: company.id,
          name: "Vase Bleu",
          sku: "VASE-2",
          status: "active",
          imagePath: "https://cdn.exemple.fr/vase.jpg",
          sendReminder: false,
          emailRequestTemplateId: later?.id ?? null,
        })
        .returning();
      if (!vase) throw new Error("no product");
      const created = await database.db.transaction((tx) =>
        createOrder(
          tx,
          company.id,
          {
            items: [{ productId: product.id }, { sku: "VASE-2" }],
            buyerEmail: "lea@exemple.fr",
            buyerFirstName: "Léa",
            buyerLastName: "Martin",
            reference: "MULTI-1",
            orderDate: clock.now(),
          },
          { now: clock.now(), secret: SECRET, keys: KEYS },
        ),
      );
      if (!created.ok) throw new Error(JSON.stringify(created.errors));
      const [tea, vaseLine] = created.lines;
      if (!tea || !vaseLine) throw new Error("two lines expected");
      const link = (id: string) => `http://f/create-reviews?api_key=${deriveReviewKey(SECRET, id)}`;
      const mailer = memoryMailer();
      const worker = workerFor(mailer, clock, { imageUrl: (path) => path });

      clock.advanceDays(3.1);
      expect((await worker.drain()).sent).toBe(0);
      clock.advanceDays(2);
      expect(await worker.drain()).toMatchObject({ sent: 1 });
      const [request] = mailer.sent;
      expect(request?.subject).toBe("Votre avis sur Théière <Fonte>, Vase Bleu");
      expect(request?.text).toContain(
        `Vos produits :\n- Théière <Fonte> : ${link(tea.id)}\n- Vase Bleu : ${link(vaseLine.id)}`,
      );
      expect(request?.html).toContain('<img src="https://cdn.exemple.fr/vase.jpg"');
      // A card per product: its name, five stars opening its form with that rating, its button.
      expect(request?.html).toContain('<p style="margin:0 0 8px;font-weight:bold">Vase Bleu</p>');
      expect(request?.html).toContain('<p style="margin:0 0 8px;font-weight:bold">Théière &lt;Fonte&gt;</p>');
      for (const line of [tea, vaseLine]) {
        expect(request?.html).toContain(`<a href="${link(line.id)}" style=`);
        expect(request?.html).toContain(`<a href="${link(line.id)}&amp;note=5" title="5 étoiles sur 5"`);
      }

      await database.db.transaction(async (tx) => {
        await tx
          .insert(reviews)
          .values({ companyId: company.id, productId: vase.id, orderId: vaseLine.id, rating: "5" });
        await onReviewSubmitted(tx, vaseLine, clock.now());
      });
      expect((await worker.drain()).sent).toBe(1);
      expect(mailer.sent[1]?.text).toContain("Merci pour votre avis sur Vase Bleu.");
      clock.advanceDays(2);
      expect(await worker.drain()).toMatchObject({ sent: 1 });
      const reminder = mailer.sent[2];
      expect(reminder?.subject).toBe("Rappel : Théière <Fonte>");
      expect(reminder?.text).toContain(`Vos produits :\n- Théière <Fonte> : ${link(tea.id)}`);
      expect(reminder?.text).not.toContain(link(vaseLine.id));
      expect(await deliveriesOf(vaseLine.id)).toMatchObject([{ kind: "thanks", status: "sent" }]);
      const [fresh] = await database.db.select().from(companies).where(eq(companies.id, company.id));
      expect(fresh?.emailQuotaUsed).toBe(3);
    });

    it("holds e-mails over the monthly quota of the plan and sends them next month", async () => {
      const clock = manualClock(new Date("2026-03-20T10:00:00Z"));
      const { company, product } = await seedCompany(database.db, {
        planType: "LANCEMENT",
        sendReminder: false,
      });
      for (let i = 0; i < 42; i++) await seedOrder(database.db, company, product, addDays(clock.now(), -5));
      const mailer = memoryMailer();
      const worker = workerFor(mailer, clock);
      expect(await worker.drain()).toMatchObject({ sent: 40, held: 2 });
      const held = await database.db.select().from(emailDeliveries).where(eq(emailDeliveries.status, "held"));
      expect(held.filter((d) => d.companyId === company.id)).toHaveLength(2);
      const mine = held.filter((d) => d.companyId === company.id);
      expect(mine[0]?.scheduledAt?.toISOString()).toBe("2026-03-20T11:00:00.000Z");
      expect(mine[0]?.lastError).toBe(
        "Votre abonnement a atteint son quota d'e-mails du mois (40 e-mails). Les envois reprendront le mois prochain.",
      );
      clock.advanceDays(1 / 24);
      expect(await worker.drain()).toMatchObject({ sent: 0, held: 2 });
      clock.set(new Date("2026-03-31T23:30:00Z"));
      expect(await worker.drain()).toMatchObject({ sent: 0, held: 2 });
      const [lastHold] = await database.db
        .select()
        .from(emailDeliveries)
        .where(and(eq(emailDeliveries.companyId, company.id), eq(emailDeliveries.status, "held")));
      expect(lastHold?.scheduledAt?.toISOString()).toBe("2026-04-01T00:00:00.000Z");
      clock.set(new Date("2026-04-01T00:00:01Z"));
      expect(await worker.drain()).toMatchObject({ sent: 2, held: 0 });
      const [fresh] = await database.db.select().from(companies).where(eq(companies.id, company.id));
      expect(fresh?.emailQuotaUsed).toBe(2);
      expect(mailer.sent).toHaveLength(42);
    });

    it("releases held e-mails within the hour once the plan is upgraded", async () => {
      const clock = manualClock(new Date("2026-05-10T10:00:00Z"));
      const { company, product } = await seedCompany(database.db, {
        planType: "LANCEMENT",
        sendReminder: false,
      });
      await database.db
        .update(companies)
        .set({ emailQuotaUsed: 40, emailQuotaPeriodStart: new Date("2026-05-01T00:00:00Z") })
        .where(eq(companies.id, company.id));
      await seedOrder(database.db, company, product, addDays(clock.now(), -5));
      const mailer = memoryMailer();
      const worker = workerFor(mailer, clock);
      expect(await worker.drain()).toMatchObject({ sent: 0, held: 1 });
      await database.db.update(companies).set({ planType: "CROISSANCE" }).where(eq(companies.id, company.id));
      clock.advanceDays(1 / 24);
      expect(await worker.drain()).toMatchObject({ sent: 1, held: 0 });
      const [fresh] = await database.db.select().from(companies).where(eq(companies.id, company.id));
      expect(fresh?.emailQuotaUsed).toBe(41);
    });

    it("gives the event loop back between batches that send nothing (all held by the quota)", async () => {
      const clock = manualClock(new Date("2026-06-10T10:00:00Z"));
      const { company, product } = await seedCompany(database.db, {
        planType: "LANCEMENT",
        sendReminder: false,
      });
      await database.db
        .update(companies)
        .set({ emailQuotaUsed: 40, emailQuotaPeriodStart: new Date("2026-06-01T00:00:00Z") })
        .where(eq(companies.id, company.id));
      for (let i = 0; i < 30; i++) await seedOrder(database.db, company, product, addDays(clock.now(), -5));
      let heldBatches = 0;
      const worker = workerFor(memoryMailer(), clock, {
        batchSize: 5,
        pollIntervalMs: 60_000,
        log: (message, extra) => {
          if (message === "e-mails held by the monthly quota" && extra?.companyId === company.id)
            heldBatches += 1;
        },
      });
      worker.start();
      // Another request arriving meanwhile: it runs before the worker has gone through every batch.
      const seenByOthers = await new Promise<number>((resolve) => setImmediate(() => resolve(heldBatches)));
      while (heldBatches < 6) await new Promise((r) => setTimeout(r, 5));
      await worker.stop();
      expect(seenByOthers).toBeLessThan(6);
    });

    it("one company's backlog never holds another's e-mail: companies take turns in every batch", async () => {
      const clock = manualClock(new Date("2026-07-01T10:00:00Z"));
      const { company: big } = await seedCompany(database.db);
      const { company: small } = await seedCompany(database.db);
      const stored = (companyId: string, to: string, scheduledAt: Date) => ({
        companyId,
        kind: "test",
        toEmail: to,
        subject: "Test",
        textBody: "Bonjour",
        htmlBody: "<p>Bonjour</p>",
        scheduledAt,
      });
      // A's 60 e-mails waited an hour; B's one is due now, after all of them.
      await database.db
        .insert(emailDeliveries)
        .values(
          Array.from({ length: 60 }, (_, i) =>
            stored(big.id, `backlog-${i}@exemple.fr`, addDays(clock.now(), -1 / 24)),
          ),
        );
      await database.db.insert(emailDeliveries).values(stored(small.id, "seule@exemple.fr", clock.now()));
      const mailer = memoryMailer();
      const worker = workerFor(mailer, clock, { batchSize: 10 });
      await worker.runOnce();
      expect(mailer.sent.map((m) => m.to)).toContain("seule@exemple.fr");
      expect(mailer.sent.filter((m) => m.to.startsWith("backlog-")).length).toBeGreaterThan(0);
      // The backlog still goes out, oldest first within the company, each once.
      await worker.drain();
      expect(mailer.sent.filter((m) => m.to.startsWith("backlog-"))).toHaveLength(60);
      expect(new Set(mailer.sent.map((m) => m.to)).size).toBe(mailer.sent.length);
    });

    it("retries a failed send with backoff, then dead-letters it", async () => {
      const clock = manualClock(new Date("2026-03-02T10:00:00Z"));
      const { company, product } = await seedCompany(database.db, { sendReminder: false });
      await seedOrder(database.db, company, product, addDays(clock.now(), -3));
      const mailer = memoryMailer();
      mailer.failNext = 1;
      const worker = workerFor(mailer, clock);
      expect(await worker.drain()).toMatchObject({ retry: 1, sent: 0 });
      expect(await worker.drain()).toMatchObject({ retry: 0, sent: 0 });
      clock.advanceDays(1 / 24);
      expect(await worker.drain()).toMatchObject({ sent: 1 });
      expect(mailer.sent).toHaveLength(1);

      const other = await seedOrder(database.db, company, product, addDays(clock.now(), -3));
      mailer.failNext = 100;
      for (let i = 0; i < MAX_ATTEMPTS + 1; i++) {
        await worker.drain();
        clock.advanceDays(1);
      }
      const [dead] = await deliveriesOf(other.id);
      expect(dead).toMatchObject({
        status: "failed",
        attempts: MAX_ATTEMPTS,
        lastError: "421 service indisponible",
      });
      const [fresh] = await database.db.select().from(companies).where(eq(companies.id, company.id));
      expect(fresh?.emailQuotaUsed).toBe(1);
    });

    it("a worker stopped in the middle of a send leaves the e-mail to the next one: exactly one sent", async () => {
      const clock = manualClock(new Date("2026-03-02T10:00:00Z"));
      const { company, product } = await seedCompany(database.db, { sendReminder: false });
      const order = await seedOrder(database.db, company, product, addDays(clock.now(), -3));
      let started!: () => void;
      const sendStarted = new Promise<void>((resolve) => {
        started = resolve;
      });
      const hanging = {
        send: () => {
          started();
          return new Promise<void>(() => {});
        },
        close: async () => {},
      };
      // A short lease (on the database's clock) so the test does not wait 30 s for it to run out.
      const first = workerFor(hanging, clock, { pollIntervalMs: 10, leaseMs: 1500 });
      first.start();
      await sendStarted;
      await first.stop({ abort: true });
      const [afterCrash] = await deliveriesOf(order.id);
      expect(afterCrash).toMatchObject({ status: "sending", attempts: 1 });
      // Within the lease nobody else takes it; once it runs out, the next worker does.
      const early = workerFor(memoryMailer(), clock);
      expect(await early.drain()).toMatchObject({ sent: 0 });

      const mailer = memoryMailer();
      const second = workerFor(mailer, clock, { pollIntervalMs: 10 });
      second.start();
      await expect.poll(() => mailer.sent.length, { timeout: 5000 }).toBe(1);
      await second.stop();
      expect(await second.drain()).toMatchObject({ sent: 0 });
      expect(mailer.sent.map((m) => m.to)).toEqual([order.buyerEmail]);
      const [final] = await deliveriesOf(order.id);
      expect(final).toMatchObject({ status: "sent", attempts: 2, leaseUntil: null });
      const [fresh] = await database.db.select().from(companies).where(eq(companies.id, company.id));
      expect(fresh?.emailQuotaUsed).toBe(1);
    });
  });
});
