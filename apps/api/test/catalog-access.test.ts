import { randomUUID } from "node:crypto";
import type { Role } from "@certavis/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addMember,
  authHeaders,
  CONTRACT_OPERATIONS,
  createCompanyFor,
  createTestApp,
  expectMatchesContract,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
  type TestCompany,
} from "./helpers";

/**
 * Spec §6 and ARCHITECTURE §5: every member reads the catalogue and moderates reviews; changing the
 * catalogue (products, templates, forms, order import) is for the owner, admins and managers.
 */
const EVERY_MEMBER = "every member";
const CATALOG_MANAGERS = "owner, admin, manager";
const OPERATIONS: Record<string, { method: string; path: string; who: string }> = {
  companyProductsList: { method: "GET", path: "/company/products/", who: EVERY_MEMBER },
  companyProductsCreate: { method: "POST", path: "/company/products/", who: CATALOG_MANAGERS },
  companyProductsGet: { method: "GET", path: "/company/products/{id}/", who: EVERY_MEMBER },
  companyProductsUpdate: { method: "PATCH", path: "/company/products/{id}/", who: CATALOG_MANAGERS },
  companyProductsDelete: { method: "DELETE", path: "/company/products/{id}/", who: CATALOG_MANAGERS },
  companyProductsDuplicate: {
    method: "POST",
    path: "/company/products/{id}/duplicate/",
    who: CATALOG_MANAGERS,
  },
  companyProductsReviewsList: { method: "GET", path: "/company/products/{id}/reviews/", who: EVERY_MEMBER },
  companyEmailTemplatesList: { method: "GET", path: "/company/email-templates/", who: EVERY_MEMBER },
  companyEmailTemplatesCreate: { method: "POST", path: "/company/email-templates/", who: CATALOG_MANAGERS },
  companyEmailTemplatesGet: { method: "GET", path: "/company/email-templates/{id}/", who: EVERY_MEMBER },
  companyEmailTemplatesUpdate: {
    method: "PATCH",
    path: "/company/email-templates/{id}/",
    who: CATALOG_MANAGERS,
  },
  companyEmailTemplatesDelete: {
    method: "DELETE",
    path: "/company/email-templates/{id}/",
    who: CATALOG_MANAGERS,
  },
  companyEmailTemplatesDuplicate: {
    method: "POST",
    path: "/company/email-templates/{id}/duplicate/",
    who: CATALOG_MANAGERS,
  },
  companyEmailTemplatesSendTest: {
    method: "POST",
    path: "/company/email-templates/test-email/",
    who: CATALOG_MANAGERS,
  },
  companyFormsList: { method: "GET", path: "/company/forms/", who: EVERY_MEMBER },
  companyFormsCreate: { method: "POST", path: "/company/forms/", who: CATALOG_MANAGERS },
  companyFormsGet: { method: "GET", path: "/company/forms/{id}/", who: EVERY_MEMBER },
  companyFormsUpdate: { method: "PATCH", path: "/company/forms/{id}/", who: CATALOG_MANAGERS },
  companyFormsDelete: { method: "DELETE", path: "/company/forms/{id}/", who: CATALOG_MANAGERS },
  companyFormsDuplicate: { method: "POST", path: "/company/forms/{id}/duplicate/", who: CATALOG_MANAGERS },
  companyReviewsList: { method: "GET", path: "/company/reviews/", who: EVERY_MEMBER },
  companyReviewsUpdate: { method: "PATCH", path: "/company/reviews/{id}/", who: EVERY_MEMBER },
  companyReviewsReplyPut: { method: "PUT", path: "/company/reviews/{id}/reply/", who: EVERY_MEMBER },
  companyReviewsReplyDelete: { method: "DELETE", path: "/company/reviews/{id}/reply/", who: EVERY_MEMBER },
  companyReviewsReport: { method: "POST", path: "/company/reviews/{id}/report/", who: EVERY_MEMBER },
  companyReviewsContest: { method: "POST", path: "/company/reviews/{id}/contest/", who: EVERY_MEMBER },
  companyReviewsHistory: { method: "GET", path: "/company/reviews/{id}/history/", who: EVERY_MEMBER },
  companyReviewsAuditCsv: { method: "GET", path: "/company/reviews/audit.csv", who: CATALOG_MANAGERS },
  companyReviewsAwaitingReply: { method: "GET", path: "/company/reviews/awaiting-reply/", who: EVERY_MEMBER },
  companyOrdersList: { method: "GET", path: "/company/orders/", who: EVERY_MEMBER },
  companyOrdersImport: { method: "POST", path: "/company/orders/import/", who: CATALOG_MANAGERS },
  companyOrderImportsCreate: { method: "POST", path: "/company/orders/imports/", who: CATALOG_MANAGERS },
  companyOrderImportsList: { method: "GET", path: "/company/orders/imports/", who: CATALOG_MANAGERS },
  companyOrderImportsGet: { method: "GET", path: "/company/orders/imports/{id}/", who: CATALOG_MANAGERS },
  companyOrdersGet: { method: "GET", path: "/company/orders/{id}/", who: EVERY_MEMBER },
  // 'Envoyer maintenant' and 'Renvoyer' (`orders.send`: owner, admin, manager).
  companyProductsHeldRequestsGet: {
    method: "GET",
    path: "/company/products/{id}/held-requests/",
    who: CATALOG_MANAGERS,
  },
  companyProductsHeldRequestsSend: {
    method: "POST",
    path: "/company/products/{id}/held-requests/",
    who: CATALOG_MANAGERS,
  },
  companyOrdersSendNow: { method: "POST", path: "/company/orders/{id}/send-now/", who: CATALOG_MANAGERS },
  companyOrdersResend: { method: "POST", path: "/company/orders/{id}/resend/", who: CATALOG_MANAGERS },
};
const ROLES: Role[] = ["owner", "admin", "manager", "moderator", "accoutant", "member"];
const allowed = (who: string, role: Role) =>
  who === EVERY_MEMBER || ["owner", "admin", "manager"].includes(role);

describe.each(TEST_DATABASES)("permissions and tenancy of the catalogue on %s", (kind) => {
  let t: TestApp;
  let company: TestCompany;
  let other: TestCompany;
  const tokens = new Map<Role, string>();

  beforeAll(async () => {
    t = await createTestApp({ kind });
    company = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "CROISSANCE" });
    other = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "CROISSANCE" });
    tokens.set("owner", company.owner.access);
    for (const role of ROLES.filter((r) => r !== "owner"))
      tokens.set(role, (await addMember(t, company, role)).access);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("covers every company operation of the catalogue, reviews and orders in the contract", () => {
    const inContract = CONTRACT_OPERATIONS.filter((o) =>
      /^\/company\/(products|email-templates|forms|reviews|orders)\//.test(o.path),
    ).map((o) => o.operationId);
    expect(Object.keys(OPERATIONS).sort()).toEqual(inContract.sort());
  });

  it.each(ROLES)("%s: allowed operations pass the access check, the others answer 403", async (role) => {
    for (const [operationId, op] of Object.entries(OPERATIONS)) {
      // An unknown id: an allowed caller gets past the access check and meets a 404 (or a 400).
      const url = `/api/v1${op.path.replace("{id}", randomUUID())}`;
      const res = await t.inject({
        method: op.method as "GET",
        url,
        headers: authHeaders(tokens.get(role) as string),
        ...(op.method === "GET" || op.method === "DELETE" ? {} : { payload: {} }),
      });
      const label = `${role} ${operationId} → ${res.statusCode} ${res.body.slice(0, 120)}`;
      if (allowed(op.who, role)) expect([200, 400, 404], label).toContain(res.statusCode);
      else {
        expect(res.statusCode, label).toBe(403);
        expect(expectMatchesContract(res, operationId), label).toEqual({
          detail: "Vous n'avez pas la permission d'effectuer cette action.",
        });
      }
      if (res.statusCode !== 400) expectMatchesContract(res, operationId);
    }
  });

  it("refuses callers without a token (401) or without a company (403)", async () => {
    const loner = await registerVerifiedUser(t);
    for (const [operationId, op] of Object.entries(OPERATIONS)) {
      const url = `/api/v1${op.path.replace("{id}", randomUUID())}`;
      const anonymous = await t.inject({ method: op.method as "GET", url });
      expect(anonymous.statusCode, operationId).toBe(401);
      expectMatchesContract(anonymous, operationId);
      const homeless = await t.inject({
        method: op.method as "GET",
        url,
        headers: authHeaders(loner.access),
      });
      expect(homeless.statusCode, operationId).toBe(403);
      expect(expectMatchesContract(homeless, operationId)).toEqual({
        detail: "Vous n'appartenez à aucune entreprise.",
      });
    }
  });

  it("answers 404 for another company's templates and forms, and leaves them unchanged", async () => {
    const headers = authHeaders(company.owner.access);
    const theirTemplate = other.defaults.requestTemplateId;
    const theirForm = other.defaults.formId;
    const attempts = [
      { method: "GET", url: `/company/email-templates/${theirTemplate}/` },
      { method: "PATCH", url: `/company/email-templates/${theirTemplate}/`, payload: { send_after: 9 } },
      { method: "DELETE", url: `/company/email-templates/${theirTemplate}/` },
      { method: "POST", url: `/company/email-templates/${theirTemplate}/duplicate/` },
      { method: "GET", url: `/company/forms/${theirForm}/` },
      { method: "PATCH", url: `/company/forms/${theirForm}/`, payload: { title: "Piraté" } },
      { method: "DELETE", url: `/company/forms/${theirForm}/` },
      { method: "POST", url: `/company/forms/${theirForm}/duplicate/` },
    ];
    for (const attempt of attempts) {
      const res = await t.inject({
        method: attempt.method as "GET",
        url: `/api/v1${attempt.url}`,
        headers,
        ...(attempt.payload ? { payload: attempt.payload } : {}),
      });
      expect(res.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
      expect(res.json()).toEqual({ detail: "Introuvable." });
    }
    const theirs = authHeaders(other.owner.access);
    const template = await t.inject({
      method: "GET",
      url: `/api/v1/company/email-templates/${theirTemplate}/`,
      headers: theirs,
    });
    expect(template.json()).toMatchObject({ send_after: 3 });
    const form = await t.inject({
      method: "GET",
      url: `/api/v1/company/forms/${theirForm}/`,
      headers: theirs,
    });
    expect(form.json()).toMatchObject({ title: expect.not.stringContaining("Piraté") });
    const mine = await t.inject({ method: "GET", url: "/api/v1/company/forms/", headers });
    expect(mine.json().count).toBe(1);
  });
});
