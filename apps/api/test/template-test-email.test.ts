import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, emailDeliveries } from "../src/db/schema";
import {
  authHeaders,
  createCompanyFor,
  createTestApp,
  expectMatchesContract,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
  type TestCompany,
} from "./helpers";

const URL = "/api/v1/company/email-templates/test-email/";
const template = {
  subject: "{{ prenom_acheteur }}, votre avis sur {{ nom_produit }} ?",
  type: "reminder",
  body: "Bonjour {{ prenom_acheteur }} {{ nom_acheteur }}, {{ nom_entreprise }} attend votre avis : {{ url_avis }}",
};

describe.each(TEST_DATABASES)("'Envoyer un e-mail de test' on %s", (kind) => {
  let t: TestApp;
  let company: TestCompany;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    company = await createCompanyFor(
      t,
      await registerVerifiedUser(t, { firstName: "Alice", lastName: "Martin" }),
      {
        name: "Lumière & Co",
        planType: "CROISSANCE",
      },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (payload: object, token = company.owner.access) =>
    t.inject({ method: "POST", url: URL, headers: authHeaders(token), payload });

  it("queues the rendered template to the caller's own address; the mail counts against the quota", async () => {
    const [before] = await t.ctx.db
      .select({ used: companies.emailQuotaUsed })
      .from(companies)
      .where(eq(companies.id, company.id));
    const res = await send(template);
    expect(res.statusCode, res.body).toBe(202);
    expect(expectMatchesContract(res, "companyEmailTemplatesSendTest")).toEqual({
      email: company.owner.email,
      detail: `Un e-mail de test part vers ${company.owner.email}. Il compte dans votre quota d'e-mails.`,
    });
    const mail = await t.smtp.waitForMail((m) => m.to.includes(company.owner.email.toLowerCase()), 10_000);
    expect(mail.subject).toBe("[Test] Alice, votre avis sur Produit exemple ?");
    // The link opens a preview of the company's form, not a dead review key.
    const preview = `http://certavis.test/create-reviews?apercu=${company.id}`;
    expect(mail.text).toContain(`Bonjour Alice Martin, Lumière & Co attend votre avis : ${preview}`);
    expect(mail.html).toContain(`<a href="${preview}">ouvrir le formulaire</a>`);
    expect(mail.html).toContain(`<a href="${preview}&amp;note=4" title="4 étoiles sur 5"`);
    const form = await t.inject({ method: "GET", url: `/api/v1/review/preview/?company_id=${company.id}` });
    expect(form.statusCode).toBe(200);
    expect(
      expectMatchesContract<{
        company: { name: string };
        product: { name: string };
        form: { schema: { id: string }[] };
      }>(form, "reviewFormPreview"),
    ).toMatchObject({
      company: { name: "Lumière & Co" },
      product: { name: "Produit exemple" },
      form: { schema: [{ id: "rating" }, { id: "title" }, { id: "comment" }, { id: "photos" }] },
    });
    const unknown = await t.inject({
      method: "GET",
      url: "/api/v1/review/preview/?company_id=00000000-0000-4000-8000-000000000001",
    });
    expect(unknown.statusCode).toBe(404);
    expectMatchesContract(unknown, "reviewFormPreview");
    const [after] = await t.ctx.db
      .select({ used: companies.emailQuotaUsed })
      .from(companies)
      .where(eq(companies.id, company.id));
    expect((after?.used ?? 0) - (before?.used ?? 0)).toBe(1);
  });

  it("refuses a request or reminder body without {{ url_avis }} (400 on body), allows a thanks one", async () => {
    const res = await send({ ...template, type: "request", body: "Bonjour {{ prenom_acheteur }}" });
    expect(res.statusCode).toBe(400);
    expect(expectMatchesContract(res, "companyEmailTemplatesSendTest")).toEqual({
      body: ["Le contenu doit inclure la variable {{ url_avis }}."],
    });
  });

  it("allows 5 test e-mails per user in 10 minutes, even sent at once, then answers 429 in French with Retry-After", async () => {
    const member = await registerVerifiedUser(t);
    const other = await createCompanyFor(t, member, { planType: "CROISSANCE" });
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(template, other.owner.access)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 202, 202, 202, 202, 429, 429, 429]);
    const refused = await send(template, other.owner.access);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(expectMatchesContract(refused, "companyEmailTemplatesSendTest")).toEqual({
      detail: "Vous avez envoyé beaucoup d'e-mails de test : réessayez dans quelques minutes.",
    });
    // The server's own worker may hold some of them mid-send: wait for the SMTP server to have all five.
    await expect.poll(() => t.smtp.mailsTo(member.email).length, { timeout: 10_000 }).toBe(5);
  });

  it("waits when the monthly quota is used up (held, not sent)", async () => {
    const owner = await registerVerifiedUser(t);
    const free = await createCompanyFor(t, owner);
    await t.ctx.db.update(companies).set({ emailQuotaUsed: 40 }).where(eq(companies.id, free.id));
    const res = await send({ ...template, type: "thanks", body: "Merci !" }, free.owner.access);
    expect(res.statusCode).toBe(202);
    await expect
      .poll(
        async () =>
          (
            await t.ctx.db
              .select({ status: emailDeliveries.status, lastError: emailDeliveries.lastError })
              .from(emailDeliveries)
              .where(and(eq(emailDeliveries.companyId, free.id), eq(emailDeliveries.kind, "test")))
          )[0],
        { timeout: 10_000 },
      )
      .toEqual({ status: "held", lastError: expect.stringContaining("40") });
    expect(t.smtp.mailsTo(owner.email)).toHaveLength(0);
  });
});
