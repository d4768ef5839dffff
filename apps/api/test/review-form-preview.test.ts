import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

/**
 * `GET /review/preview/?company_id=` is public and a company's id is in its widget's code: it shows
 * the address the company chose for buyers, never the owner's login e-mail in its place.
 */
describe.each(TEST_DATABASES)("the public form preview on %s", (kind) => {
  let t: TestApp;
  let company: TestCompany;
  const preview = () => t.inject({ method: "GET", url: `/api/v1/review/preview/?company_id=${company.id}` });

  beforeAll(async () => {
    t = await createTestApp({ kind });
    company = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "CROISSANCE" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("never answers the owner's login e-mail; the contact address once the company gives one", async () => {
    const before = await preview();
    expect(before.statusCode).toBe(200);
    expect(before.body.toLowerCase()).not.toContain(company.owner.email.toLowerCase());
    expect(
      expectMatchesContract<{ company: { contact_email: string | null } }>(before, "reviewFormPreview")
        .company.contact_email,
    ).toBeNull();

    const saved = await t.inject({
      method: "PATCH",
      url: "/api/v1/company/",
      headers: authHeaders(company.owner.access),
      payload: { contact_email: "service-client@exemple.fr" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await preview();
    expect(
      expectMatchesContract<{ company: { contact_email: string | null } }>(after, "reviewFormPreview").company
        .contact_email,
    ).toBe("service-client@exemple.fr");
  });

  it("the default form asks for photos when the plan includes them, not on the free plan", async () => {
    const schemaOf = async (id: string) => {
      const res = await t.inject({ method: "GET", url: `/api/v1/review/preview/?company_id=${id}` });
      return expectMatchesContract<{ form: { schema: Array<{ id: string; type: string; label: string }> } }>(
        res,
        "reviewFormPreview",
      ).form.schema;
    };
    const paid = await schemaOf(company.id);
    expect(paid.map((f) => f.id)).toEqual(["rating", "title", "comment", "photos"]);
    expect(paid[3]).toMatchObject({
      type: "media",
      label: "Vos photos du produit (facultatif)",
      required: false,
    });
    const free = await createCompanyFor(t, await registerVerifiedUser(t));
    expect((await schemaOf(free.id)).map((f) => f.id)).toEqual(["rating", "title", "comment"]);
  });
});
