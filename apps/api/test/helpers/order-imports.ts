import { expect } from "vitest";
import { multipartBody } from "../pipeline/multipart";
import { expectMatchesContract } from "./contract";
import { authHeaders, type TestApp } from "./test-app";
import { createCompanyFor, registerVerifiedUser, type TestCompany } from "./users";

export interface ImportJob {
  id: string;
  status: "running" | "done" | "failed";
  processed: number;
  created: number;
  existing: number;
  refused: number;
  errors: { line: number; errors: Record<string, string[]> }[];
}

/** A fresh company (plan Croissance) with one active product, SKU `TEA-1`, and its owner's headers. */
export async function companyWithTeaProduct(
  t: TestApp,
): Promise<{ company: TestCompany; auth: Record<string, string> }> {
  const company = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "CROISSANCE" });
  const auth = authHeaders(company.owner.access);
  const product = await t.inject({
    method: "POST",
    url: "/api/v1/company/products/",
    headers: auth,
    payload: { name: "Théière Fonte", status: "active", sku: "TEA-1", form_id: company.defaults.formId },
  });
  expect(product.statusCode).toBe(201);
  return { company, auth };
}

/**
 * Uploads `csv` as an import job (expects 202) with the form's other `fields` (a mapping), polls it
 * until it is over and returns it (`Job`: the fields a test reads).
 */
export async function importOrders<Job extends { status: string } = ImportJob>(
  t: TestApp,
  auth: Record<string, string>,
  csv: string,
  fields: Record<string, string> = {},
  filename = "commandes.csv",
): Promise<Job> {
  const body = multipartBody(fields, [
    { name: "file", filename, contentType: "text/csv", data: Buffer.from(csv) },
  ]);
  const res = await t.inject({
    method: "POST",
    url: "/api/v1/company/orders/imports/",
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(202);
  const id = res.json().id as string;
  for (;;) {
    const got = await t.inject({
      method: "GET",
      url: `/api/v1/company/orders/imports/${id}/`,
      headers: auth,
    });
    const job = expectMatchesContract<Job>(got, "companyOrderImportsGet");
    if (job.status !== "running") return job;
    await new Promise((r) => setTimeout(r, 20));
  }
}
