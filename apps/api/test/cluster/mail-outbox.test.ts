import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import { outboxMails } from "../../src/db/schema";
import { createMailOutboxWorker, enqueueMail } from "../../src/mail/mail-outbox";
import type { MailMessage } from "../../src/mail/mailer";
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from "../helpers/databases";

const mail = (to: string): MailMessage => ({
  to,
  subject: "Votre code",
  text: "ABC123",
  html: "<p>ABC123</p>",
});

function flakyMailer() {
  const state = {
    down: true,
    sent: [] as MailMessage[],
    async send(message: MailMessage) {
      if (state.down) throw new Error("connect ECONNREFUSED");
      state.sent.push(message);
    },
    async close() {},
  };
  return state;
}

describe.each(TEST_DATABASES)("identity and invitation mails go through the durable outbox on %s", (kind) => {
  let testDb: TestDatabase;
  let database: Database;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    database = testDb.database;
    await database.migrate();
  });
  afterAll(async () => testDb?.dispose());

  it("an SMTP outage delays a mail, never loses it; it is sent once when SMTP is back", async () => {
    const mailer = flakyMailer();
    const worker = createMailOutboxWorker({ db: database.db, mailer, isReady: () => true });
    await enqueueMail(database.db, mail("panne@exemple.fr"));
    expect(await worker.drain()).toBe(0);
    const [row] = await database.db
      .select()
      .from(outboxMails)
      .where(sql`${outboxMails.message}->>'to' = 'panne@exemple.fr'`);
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "connect ECONNREFUSED" });
    expect(row?.scheduledAt.getTime()).toBeGreaterThan(Date.now() + 5000);

    mailer.down = false;
    await database.db
      .update(outboxMails)
      .set({ scheduledAt: new Date() })
      .where(eq(outboxMails.id, row?.id ?? ""));
    expect(await worker.drain()).toBe(1);
    expect(await worker.drain()).toBe(0);
    expect(mailer.sent.map((m) => m.to)).toEqual(["panne@exemple.fr"]);
  });

  it("a mail claimed by an instance that died is sent by another once its lease ends", async () => {
    await enqueueMail(database.db, mail("orphelin@exemple.fr"));
    const where = sql`${outboxMails.message}->>'to' = 'orphelin@exemple.fr'`;
    // As a killed instance leaves it: sending, lease not renewed any more.
    await database.db
      .update(outboxMails)
      .set({ status: "sending", attempts: 1, leaseUntil: new Date(Date.now() + 60_000) })
      .where(where);
    const mailer = flakyMailer();
    mailer.down = false;
    const worker = createMailOutboxWorker({ db: database.db, mailer, isReady: () => true });
    expect(await worker.drain()).toBe(0);
    await database.db
      .update(outboxMails)
      .set({ leaseUntil: new Date(Date.now() - 1) })
      .where(where);
    expect(await worker.drain()).toBe(1);
    expect(mailer.sent.map((m) => m.to)).toEqual(["orphelin@exemple.fr"]);
    const [row] = await database.db.select().from(outboxMails).where(where);
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
  });
});
