import { desc, eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices } from "../../src/db/schema";
import { readEnv } from "../../src/env";
import { issueInvoice } from "../../src/modules/billing/invoice-numbers";
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

/** The text of a PDF, its items joined by spaces (French numbers' spaces normalised). */
async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

/** Certavis's legal details as a deployment sets them (`INVOICE_SELLER_*`). */
const SELLER = {
  name: "Certavis SAS",
  legalForm: "SAS",
  shareCapital: "12 000 €",
  address: ["8 rue du Test", "75011 Paris"],
  siret: "12345678900017",
  rcsCity: "Paris",
  vatNumber: "FR32123456789",
  placeholders: false,
};

it("reads the seller from INVOICE_SELLER_*, else development placeholders that say so", () => {
  const placeholders = readEnv({}).invoiceSeller;
  expect(placeholders.placeholders).toBe(true);
  expect(placeholders.address).toEqual(["DEVELOPMENT ADDRESS", "00000 DEVELOPMENT"]);
  const seller = readEnv({
    INVOICE_SELLER_NAME: "Certavis SAS",
    INVOICE_SELLER_LEGAL_FORM: "SAS",
    INVOICE_SELLER_SHARE_CAPITAL: "12 000 €",
    INVOICE_SELLER_ADDRESS: "8 rue du Test | 75011 Paris",
    INVOICE_SELLER_SIRET: "123 456 789 00017",
    INVOICE_SELLER_RCS_CITY: "Paris",
    INVOICE_SELLER_VAT_NUMBER: "FR 32 123456789",
  }).invoiceSeller;
  expect(seller).toEqual(SELLER);
  expect(readEnv({ INVOICE_SELLER_NAME: "Certavis SAS" }).invoiceSeller.placeholders).toBe(true);
});

describe.each(TEST_DATABASES)("invoices as PDF on %s", (kind) => {
  let t: TestApp;
  let company: TestCompany;
  let auth: Record<string, string>;
  let invoiceId = "";

  beforeAll(async () => {
    t = await createTestApp({ kind, config: { invoiceSeller: SELLER } });
    company = await createCompanyFor(t, await registerVerifiedUser(t), {
      name: "Maison Lumière",
      planType: "CROISSANCE",
    });
    auth = authHeaders(company.owner.access);
    await t.ctx.db.transaction((tx) =>
      issueInvoice(tx, {
        companyId: company.id,
        subscriptionType: "CROISSANCE",
        amountCents: 2999,
        currency: "eur",
        periodStart: new Date("2026-03-01T00:00:00Z"),
        periodEnd: new Date("2026-04-01T00:00:00Z"),
        providerRef: `sandbox_${company.id}`,
        buyerName: "Maison Lumière",
        buyerAddress: "12 rue des Lilas\n69002 Lyon",
        buyerSiren: "732829320",
        buyerVatNumber: "FR44732829320",
        paidAt: new Date("2026-03-01T10:00:00Z"),
        paymentMethod: "stripe",
      }),
    );
    // Issued "on" a known day, so that the PDF's date is known.
    const [row] = await t.ctx.db
      .update(invoices)
      .set({ createdAt: new Date("2026-03-01T10:00:00Z") })
      .where(eq(invoices.providerRef, `sandbox_${company.id}`))
      .returning({ id: invoices.id });
    invoiceId = row?.id ?? "";
  });
  afterAll(async () => t?.close());

  it("keeps the billing address typed in Entreprise (lines trimmed); a wrong type is a French 400", async () => {
    const saved = await t.inject({
      method: "PATCH",
      url: "/api/v1/company/",
      headers: auth,
      payload: { billing_address: "  12 rue des Lilas \n\n 69002 Lyon  " },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().billing_address).toBe("12 rue des Lilas\n69002 Lyon");
    const refused = await t.inject({
      method: "PATCH",
      url: "/api/v1/company/",
      headers: auth,
      payload: { billing_address: 12 },
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json())).toEqual(["billing_address"]);
  });

  it("lists each invoice with its number, HT, TVA and pdf_url", async () => {
    const res = await t.inject({ method: "GET", url: "/api/v1/company/invoices/", headers: auth });
    expect(res.statusCode).toBe(200);
    expectMatchesContract(res, "companyInvoicesList");
    const [invoice] = res.json().results;
    expect(invoice).toMatchObject({
      id: invoiceId,
      number: expect.stringMatching(/^F-\d{6}$/),
      amount: 29.99,
      amount_ht: 24.99,
      vat: 5,
      pdf_url: `/api/v1/company/invoices/${invoiceId}/pdf/`,
    });
  });

  it("serves the PDF: number, date, seller's legal details, buyer, plan and period, HT, TVA 20 %, TTC", async () => {
    const [{ number } = { number: 0 }] = await t.ctx.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.id, invoiceId));
    const label = `F-${String(number).padStart(6, "0")}`;
    const res = await t.inject({
      method: "GET",
      url: `/api/v1/company/invoices/${invoiceId}/pdf/`,
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="facture-${label}.pdf"`);
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      `Facture n° ${label}`,
      "Certavis SAS",
      "SAS au capital de 12 000 €",
      "8 rue du Test",
      "75011 Paris",
      "SIREN 123456789 · SIRET 12345678900017",
      "RCS Paris 123456789",
      "N° TVA intracommunautaire : FR32123456789",
      "Date de facture : 1 mars 2026",
      "Maison Lumière",
      "12 rue des Lilas",
      "69002 Lyon",
      "Abonnement Certavis, offre Croissance",
      "Période du 1 mars 2026 au 1 avril 2026",
      "Total HT 24,99 €",
      "TVA 20 % 5,00 €",
      "Total TTC 29,99 €",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("carries the mentions of a French B2B invoice: the buyer's SIREN and VAT number, payment date and means, late-payment penalties, the 40 € indemnity", async () => {
    const res = await t.inject({
      method: "GET",
      url: `/api/v1/company/invoices/${invoiceId}/pdf/`,
      headers: auth,
    });
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      "Maison Lumière 12 rue des Lilas 69002 Lyon SIREN : 732829320 N° TVA intracommunautaire : FR44732829320",
      "Facture acquittée le 1 mars 2026. Moyen de paiement : paiement en ligne (Stripe).",
      "Aucun escompte pour paiement anticipé.",
      "En cas de retard de paiement, pénalités au taux de trois fois le taux d'intérêt légal et indemnité forfaitaire pour frais de recouvrement de 40 € (Code de commerce, art. L441-10 et D441-5).",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("Prorata");
  });

  it("shows an upgrade's proration: the new plan for the rest of the period less the unused part credited", async () => {
    const ref = `upgrade_${company.id}`;
    await t.ctx.db.transaction((tx) =>
      issueInvoice(tx, {
        companyId: company.id,
        subscriptionType: "EXPANSION",
        amountCents: 4677,
        creditCents: 2806,
        periodStart: new Date("2026-03-12T09:00:00Z"),
        periodEnd: new Date("2026-04-10T09:00:00Z"),
        providerRef: ref,
        buyerName: "Maison Lumière",
        buyerAddress: "12 rue des Lilas\n69002 Lyon",
        paidAt: new Date("2026-03-12T09:00:00Z"),
        paymentMethod: "sandbox",
      }),
    );
    const [row] = await t.ctx.db.select().from(invoices).where(eq(invoices.providerRef, ref));
    const res = await t.inject({
      method: "GET",
      url: `/api/v1/company/invoices/${row?.id}/pdf/`,
      headers: auth,
    });
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      "Abonnement Certavis, offre Expansion 38,98 €",
      "Prorata : offre Expansion du 12 mars 2026 au 10 avril 2026, 74,83 € TTC, moins la partie non utilisée de l'offre précédente, 28,06 € TTC",
      "Total TTC 46,77 €",
      "Facture acquittée le 12 mars 2026. Moyen de paiement : paiement de test (aucun montant prélevé).",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("keeps the buyer's name and address of the day the invoice was issued", async () => {
    const session = await t.inject({
      method: "POST",
      url: "/api/v1/company/subscription/checkout-session/",
      headers: auth,
      payload: { subscription_type: "EXPANSION", success_url: t.publicUrl, cancel_url: t.publicUrl },
    });
    expect(session.statusCode, session.body).toBe(200);
    const pay = await t.inject({ method: "POST", url: `${new URL(session.json().url).pathname}complete/` });
    expect(pay.statusCode).toBe(303);
    const [issued] = await t.ctx.db
      .select()
      .from(invoices)
      .where(eq(invoices.companyId, company.id))
      .orderBy(desc(invoices.number))
      .limit(1);
    expect(issued).toMatchObject({
      subscriptionType: "EXPANSION",
      buyerName: "Maison Lumière",
      buyerAddress: "12 rue des Lilas\n69002 Lyon",
    });

    const moved = await t.inject({
      method: "PATCH",
      url: "/api/v1/company/",
      headers: auth,
      payload: { name: "Lumière & Fils", billing_address: "3 quai Neuf\n13002 Marseille" },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const res = await t.inject({
      method: "GET",
      url: `/api/v1/company/invoices/${issued?.id}/pdf/`,
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain("Maison Lumière 12 rue des Lilas 69002 Lyon");
    expect(text).not.toContain("Marseille");
    expect(text).not.toContain("Lumière & Fils");
  });

  it("prints any Unicode name (Polish, Japanese, a symbol, Cyrillic) and wraps long address lines within the page", async () => {
    const longLine =
      "Zone d'activité économique des Grands Prés, bâtiment C, escalier 4, porte 12, chez Madame Anne-Sophie de La Rochefoucauld-Montmorency";
    const buyers = [
      { name: "Łódź Ćwiczenia 日本 ✓", address: `${longLine}\n90-001 Łódź` },
      { name: "ООО «Ромашка» Москва", address: "ул. Тверская, д. 7\n125009 Москва" },
    ];
    for (const [index, buyer] of buyers.entries()) {
      const ref = `unicode_${index}_${company.id}`;
      await t.ctx.db.transaction((tx) =>
        issueInvoice(tx, {
          companyId: company.id,
          subscriptionType: "CROISSANCE",
          amountCents: 2999,
          periodStart: new Date("2026-03-01T00:00:00Z"),
          periodEnd: new Date("2026-04-01T00:00:00Z"),
          providerRef: ref,
          buyerName: buyer.name,
          buyerAddress: buyer.address,
        }),
      );
      const [row] = await t.ctx.db.select().from(invoices).where(eq(invoices.providerRef, ref));
      const res = await t.inject({
        method: "GET",
        url: `/api/v1/company/invoices/${row?.id}/pdf/`,
        headers: auth,
      });
      expect(res.statusCode).toBe(200);
      const text = await pdfText(res.rawPayload);
      expect(text).toContain(buyer.name);
      for (const line of buyer.address.split("\n").slice(1)) expect(text).toContain(line);
      expect(text).not.toContain("?");

      // Every piece of text stays within the page's margins; the long line is wrapped, not cut.
      const document = await getDocumentProxy(new Uint8Array(res.rawPayload));
      const page = await document.getPage(1);
      const { width } = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      for (const item of content.items) {
        if (!("str" in item) || item.str.trim() === "") continue;
        const x = item.transform[4] as number;
        expect(x, item.str).toBeGreaterThanOrEqual(40);
        expect(x + item.width, item.str).toBeLessThanOrEqual(width - 40);
      }
      if (index === 0) expect(text).toContain(longLine.replace(/\s+/g, " ").split(" ").slice(-4).join(" "));
    }
  });

  it("is another company's 404 and a member's 403", async () => {
    const other = await createCompanyFor(t, await registerVerifiedUser(t));
    const theirs = await t.inject({
      method: "GET",
      url: `/api/v1/company/invoices/${invoiceId}/pdf/`,
      headers: authHeaders(other.owner.access),
    });
    expect(theirs.statusCode).toBe(404);
    const member = await addMember(t, company, "member");
    const denied = await t.inject({
      method: "GET",
      url: `/api/v1/company/invoices/${invoiceId}/pdf/`,
      headers: authHeaders(member.access),
    });
    expect(denied.statusCode).toBe(403);
  });
});
