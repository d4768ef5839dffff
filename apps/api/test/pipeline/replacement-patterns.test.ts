import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authHeaders,
  createCompanyFor,
  createTestApp,
  expectMatchesContract,
  registerVerifiedUser,
  type TestApp,
  type TestCompany,
} from "../helpers";

const DAY = 86_400_000;
/** `String.prototype.replace` reads these in a replacement string: the match, what precedes it, `$`. */
const SHOP = "Thé $& Café $` et $$ Cie";
const PRODUCT = "Lampe $& Aurore $$";
const BUYER = "Zoé $`$&";

const escapedHtml = (text: string) => text.replace(/&/g, "&amp;");

describe("names with replacement patterns in e-mails", () => {
  let t: TestApp;
  let company: TestCompany;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await registerVerifiedUser(t);
    company = await createCompanyFor(t, owner, { name: SHOP, planType: "CROISSANCE" });
    const product = await t.inject({
      method: "POST",
      url: "/api/v1/company/products/",
      headers: authHeaders(owner.access),
      payload: {
        name: PRODUCT,
        status: "active",
        sku: "LAMP-$",
        form_id: company.defaults.formId,
        email_request_template_id: company.defaults.requestTemplateId,
        email_reminder_template_id: company.defaults.reminderTemplateId,
        send_reminder: false,
      },
    });
    expect(product.statusCode).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("a shop, a product and a buyer named with $&, $` and $$ show literally in both parts", async () => {
    expectMatchesContract(
      await t.inject({
        method: "POST",
        url: "/api/v1/orders/",
        headers: { "x-api-key": company.apiKey },
        payload: {
          sku: "LAMP-$",
          buyer_email: "zoe@exemple.fr",
          buyer_first_name: BUYER,
          buyer_last_name: "Dollar",
          reference: "CMD-$1",
          order_date: new Date(t.ctx.now().getTime() - 30 * DAY).toISOString(),
        },
      }),
      "ordersCreate",
    );
    t.app.pipeline.notify();
    const mail = await t.smtp.waitForMail((m) => m.to.includes("zoe@exemple.fr"), 10_000);
    expect(mail.subject).toContain(PRODUCT);
    expect(mail.text).toContain(BUYER);
    // The legal notice at the foot names the shop and the product.
    expect(mail.text).toContain(SHOP);
    expect(mail.text).toContain(PRODUCT);
    // The header and the product's card, in the HTML part.
    expect(mail.html).toContain(`<strong style="font-size:20px">${escapedHtml(SHOP)}</strong>`);
    expect(mail.html).toContain(`<p style="margin:0 0 8px;font-weight:bold">${escapedHtml(PRODUCT)}</p>`);
    expect(mail.html).toContain(escapedHtml(BUYER));
    expect(mail.html.match(/<\/body><\/html>/g)).toHaveLength(1);
    expect(mail.html.trimEnd().endsWith("</body></html>")).toBe(true);
  });
});
