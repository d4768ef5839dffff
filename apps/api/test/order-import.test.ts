import { and, count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { emailDeliveries, orderImports, orders, products } from "../src/db/schema";
import { importLimits } from "../src/modules/orders/order-import-job";
import {
  authHeaders,
  createCompanyFor,
  createTestApp,
  DEFAULT_TEST_DATABASE,
  expectMatchesContract,
  registerVerifiedUser,
  SQL_TEST_DATABASES,
  type TestApp,
  type TestCompany,
} from "./helpers";
import { multipartBody } from "./pipeline/multipart";

interface Job {
  id: string;
  status: "running" | "done" | "failed";
  encoding: string;
  separator: string;
  total: number;
  processed: number;
  created: number;
  existing: number;
  refused: number;
  errors: { line: number; errors: Record<string, string[]> }[];
  detail: string | null;
  finished_at: string | null;
}

const DEFAULT_LIMITS = { ...importLimits, batchSize: { ...importLimits.batchSize } };
const HEADER = "reference;sku;buyer_email;buyer_first_name;buyer_last_name;order_date";

/** `n` good lines (';', JJ/MM/AAAA dates), references `${prefix}-0` … */
function bigCsv(n: number, prefix: string): string {
  const lines = [HEADER];
  for (let i = 0; i < n; i++)
    lines.push(`${prefix}-${i};TEA-1;client${i}@exemple.fr;Léa;Bernard;2${i % 9}/11/2026`);
  return `${lines.join("\r\n")}\r\n`;
}

/** Latin-1 bytes of `text` (every character here is in Windows-1252's Latin-1 range). */
const windows1252 = (text: string) => Buffer.from(text, "latin1");

describe.each(SQL_TEST_DATABASES)("order import jobs on %s", (kind) => {
  let t: TestApp;
  let company: TestCompany;
  let auth: Record<string, string>;
  const api = (path: string) => `/api/v1${path}`;

  function upload(url: string, data: Buffer, headers = auth, filename = "commandes.csv") {
    const body = multipartBody({}, [{ name: "file", filename, contentType: "text/csv", data }]);
    return t.inject({
      method: "POST",
      url: api(url),
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  }

  async function getJob(id: string, headers = auth) {
    const res = await t.inject({ method: "GET", url: api(`/company/orders/imports/${id}/`), headers });
    return {
      res,
      job: res.statusCode === 200 ? expectMatchesContract<Job>(res, "companyOrderImportsGet") : null,
    };
  }

  async function waitDone(id: string): Promise<Job> {
    for (;;) {
      const { job } = await getJob(id);
      if (job && job.status !== "running") return job;
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  async function orderCount(companyId = company.id) {
    const [row] = await t.ctx.db.select({ n: count() }).from(orders).where(eq(orders.companyId, companyId));
    return row?.n ?? 0;
  }

  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    Object.assign(importLimits, DEFAULT_LIMITS);
  });

  async function freshCompany() {
    company = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "CROISSANCE" });
    auth = authHeaders(company.owner.access);
    const res = await t.inject({
      method: "POST",
      url: api("/company/products/"),
      headers: auth,
      payload: { name: "Théière Fonte", status: "active", sku: "TEA-1", form_id: company.defaults.formId },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  }

  it("imports a French Excel file (Windows-1252, ';', JJ/MM/AAAA) as a job: 202, progress, then exactly what was kept", async () => {
    await freshCompany();
    const csv = [
      "Référence;SKU;E-mail;Prénom;Nom;Date de commande;GTIN;Marque;URL produit",
      "XL-1;TEA-1;zoe@exemple.fr;Zoé;Lefèvre;20/11/2026;4006381333931;Fonte & Fils;",
      "XL-2;TEA-1;pas-un-email;Loïc;Gaël;21/11/2026;4006381333932;;",
      "XL-3;TEA-1;cy@exemple.fr;Cy;Roy;31/02/2026;;;",
      "XL-1;TEA-1;zoe@exemple.fr;Zoé;Lefèvre;20/11/2026;;;",
      "XL-4;TEA-1;noel@exemple.fr;Noël;Dupré;2026-11-22;;;https://boutique.exemple.fr/theiere",
    ].join("\r\n");
    const res = await upload("/company/orders/imports/", windows1252(csv));
    expect(res.statusCode, res.body).toBe(202);
    const started = expectMatchesContract<Job>(res, "companyOrderImportsCreate");
    expect(started).toMatchObject({ status: "running", total: 5, encoding: "windows-1252", separator: ";" });

    const job = await waitDone(started.id);
    expect(job).toMatchObject({
      status: "done",
      total: 5,
      processed: 5,
      created: 2,
      existing: 1,
      refused: 2,
      detail: null,
      errors: [
        {
          line: 3,
          errors: {
            buyer_email: ["Veuillez saisir une adresse email valide."],
            gtin: ["Code GTIN invalide."],
          },
        },
        {
          line: 4,
          errors: {
            order_date: ["Date invalide : utilisez le format JJ/MM/AAAA, AAAA-MM-JJ ou une date ISO 8601."],
          },
        },
      ],
    });
    expect(job.finished_at).not.toBeNull();
    const rows = await t.ctx.db
      .select({
        reference: orders.reference,
        first: orders.buyerFirstName,
        last: orders.buyerLastName,
        date: orders.orderDate,
      })
      .from(orders)
      .where(eq(orders.companyId, company.id))
      .orderBy(orders.reference);
    expect(rows).toEqual([
      { reference: "XL-1", first: "Zoé", last: "Lefèvre", date: new Date("2026-11-20T00:00:00Z") },
      { reference: "XL-4", first: "Noël", last: "Dupré", date: new Date("2026-11-22T00:00:00Z") },
    ]);
    // The lines' product columns filled the product for Google; empty cells kept what was there.
    const [product] = await t.ctx.db
      .select({ gtin: products.gtin, brand: products.brand, url: products.url })
      .from(products)
      .where(eq(products.companyId, company.id));
    expect(product).toEqual({
      gtin: "4006381333931",
      brand: "Fonte & Fils",
      url: "https://boutique.exemple.fr/theiere",
    });
    // Each new order got its request e-mail job (J+3 after the order date), as POST /orders/ does.
    const jobs = await t.ctx.db
      .select({ kind: emailDeliveries.kind, at: emailDeliveries.scheduledAt })
      .from(emailDeliveries)
      .where(eq(emailDeliveries.companyId, company.id))
      .orderBy(emailDeliveries.scheduledAt);
    expect(jobs).toEqual([
      { kind: "request", at: new Date("2026-11-23T00:00:00Z") },
      { kind: "request", at: new Date("2026-11-25T00:00:00Z") },
    ]);

    // Re-importing the same file: everything already known, nothing created twice.
    const again = await waitDone(
      expectMatchesContract<Job>(
        await upload("/company/orders/imports/", windows1252(csv)),
        "companyOrderImportsCreate",
      ).id,
    );
    expect(again).toMatchObject({ status: "done", created: 0, existing: 3, refused: 2 });
    expect(await orderCount()).toBe(2);
  });

  it("refuses a file of 10,001 lines at once (400 on file, nothing saved) and takes one of 10,000", async () => {
    await freshCompany();
    const tooLong = Buffer.from(bigCsv(10_001, "L"));
    const startedAt = performance.now();
    const refused = await upload("/company/orders/imports/", tooLong);
    const elapsed = performance.now() - startedAt;
    expect(refused.statusCode).toBe(400);
    expect(expectMatchesContract(refused, "companyOrderImportsCreate")).toEqual({
      file: ["Le fichier dépasse 10 000 lignes de commandes : découpez-le en plusieurs fichiers."],
    });
    expect(elapsed).toBeLessThan(2000);
    expect(await orderCount()).toBe(0);
    expect(await t.ctx.db.select().from(orderImports).where(eq(orderImports.companyId, company.id))).toEqual(
      [],
    );

    const res = await upload("/company/orders/imports/", Buffer.from(bigCsv(10_000, "L")));
    expect(res.statusCode).toBe(202);
    const id = expectMatchesContract<Job>(res, "companyOrderImportsCreate").id;

    // One import at a time per company.
    const second = await upload("/company/orders/imports/", Buffer.from(bigCsv(3, "M")));
    expect(second.statusCode).toBe(409);
    expect(expectMatchesContract(second, "companyOrderImportsCreate")).toEqual({
      detail: "Un import de commandes est déjà en cours pour votre entreprise. Attendez qu'il se termine.",
    });

    // The 10,000 lines themselves are written once, on the suites' default database: the writes are
    // the smaller imports' statements on both engines, and the whole file on PGlite too cost the run
    // 13 s of CPU and 100 s at a load of 20 (its 120 s timeout missed at 24). On the other engine the job
    // is stopped at its next batch by the time cap, once accepted (202, 10,000 lines) and a second refused.
    if (kind !== DEFAULT_TEST_DATABASE) {
      importLimits.timeCapMs = 0;
      const stopped = await waitDone(id);
      expect(stopped).toMatchObject({ status: "failed", total: 10_000 });
      expect(stopped.processed).toBeLessThan(10_000);
      return;
    }

    // Other requests are answered while it runs.
    const probes: number[] = [];
    let job: Job | null = null;
    let seenProgress = false;
    for (;;) {
      const probeStart = performance.now();
      const health = await t.inject({ method: "GET", url: api("/health/") });
      probes.push(performance.now() - probeStart);
      expect(health.statusCode).toBe(200);
      job = (await getJob(id)).job;
      if (job && job.processed > 0 && job.processed < 10_000) seenProgress = true;
      if (job?.status !== "running") break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(job).toMatchObject({
      status: "done",
      total: 10_000,
      processed: 10_000,
      created: 10_000,
      refused: 0,
    });
    expect(seenProgress).toBe(true);
    probes.sort((a, b) => a - b);
    const median = probes[Math.floor(probes.length / 2)] ?? 0;
    expect(probes.length).toBeGreaterThan(5);
    // Budget 100 ms (bench/order-import.mjs); generous here, the test machine is shared.
    expect(median).toBeLessThan(250);
    expect(await orderCount()).toBe(10_000);
    const [deliveries] = await t.ctx.db
      .select({ n: count() })
      .from(emailDeliveries)
      .where(eq(emailDeliveries.companyId, company.id));
    expect(deliveries?.n).toBe(10_000);
  }, 120_000);

  it("saves nothing from a file with a file-level problem, even far down the file", async () => {
    await freshCompany();
    const unclosed = `${bigCsv(3_000, "Q")}Q-X;TEA-1;"q@exemple.fr;Ana;Lopez;20/11/2026\r\n`;
    const res = await upload("/company/orders/imports/", Buffer.from(unclosed));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ file: ["Guillemet non fermé à la ligne 3002."] });
    const binary = await upload("/company/orders/imports/", Buffer.from([0x41, 0x00, 0x42]));
    expect(binary.statusCode).toBe(400);
    expect(binary.json()).toEqual({
      file: [
        "Le fichier n'est pas un CSV lisible (UTF-8 ou Windows-1252, séparateur virgule ou point-virgule).",
      ],
    });
    const headerOnly = await upload("/company/orders/imports/", Buffer.from(`${HEADER}\r\n`));
    expect(headerOnly.json()).toEqual({ file: ["Le fichier ne contient aucune commande."] });
    expect(await orderCount()).toBe(0);
  });

  it("stops at the time cap and says exactly what was kept; a lost instance's job reads as interrupted", async () => {
    await freshCompany();
    importLimits.batchSize = { pglite: 100, postgres: 100 };
    importLimits.timeCapMs = 0;
    const res = await upload("/company/orders/imports/", Buffer.from(bigCsv(1_000, "C")));
    const job = await waitDone(expectMatchesContract<Job>(res, "companyOrderImportsCreate").id);
    expect(job.status).toBe("failed");
    expect(job.processed).toBeLessThan(1_000);
    expect(job.created).toBe(job.processed);
    expect(await orderCount()).toBe(job.created);
    expect(job.detail).toBe(
      // French plurals: 0 and 1 take the singular.
      `L'import a dépassé 0 minute et a été arrêté après ${job.processed} ${job.processed < 2 ? "ligne" : "lignes"} sur 1\u202f000. Réimportez le fichier : les commandes déjà créées seront reconnues.`,
    );

    // A running job whose instance died (no heartbeat for a minute) no longer blocks the company.
    const [ghost] = await t.ctx.db
      .insert(orderImports)
      .values({
        companyId: company.id,
        encoding: "utf-8",
        separator: ",",
        total: 50,
        processed: 20,
        created: 20,
        heartbeatAt: new Date(Date.now() - 120_000),
      })
      .returning();
    const { job: lost } = await getJob(ghost?.id ?? "");
    expect(lost).toMatchObject({
      status: "failed",
      detail:
        "L'import a été interrompu (serveur arrêté) après 20 lignes sur 50. Réimportez le fichier : les commandes déjà créées seront reconnues.",
    });
    const after = await upload("/company/orders/imports/", Buffer.from(bigCsv(2, "D")));
    expect(after.statusCode).toBe(202);
    await waitDone(after.json().id);
  });

  it("lists the company's imports newest first with their state, counts and dates, not their refused lines", async () => {
    await freshCompany();
    const list = async (query = "", headers = auth) =>
      expectMatchesContract<{
        count: number;
        next: string | null;
        results: (Omit<Job, "errors"> & { filename: string; created_at: string })[];
      }>(
        await t.inject({ method: "GET", url: api(`/company/orders/imports/${query}`), headers }),
        "companyOrderImportsList",
      );
    expect(await list()).toMatchObject({ count: 0, results: [] });
    const first = await upload("/company/orders/imports/", Buffer.from(bigCsv(2, "L")), auth, "lundi.csv");
    await waitDone(first.json().id);
    const bad = `${HEADER}\r\nM-1;TEA-1;pas-un-email;Léa;Bernard;20/11/2026\r\nM-2;TEA-1;m@exemple.fr;Léa;Bernard;20/11/2026\r\n`;
    const second = await upload("/company/orders/imports/", Buffer.from(bad), auth, "mardi.csv");
    await waitDone(second.json().id);

    const { count, results } = await list();
    expect(count).toBe(2);
    expect(results.map((r) => [r.filename, r.status, r.total, r.created, r.existing, r.refused])).toEqual([
      ["mardi.csv", "done", 2, 1, 0, 1],
      ["lundi.csv", "done", 2, 2, 0, 0],
    ]);
    expect(results[0]).not.toHaveProperty("errors");
    expect(results[0]?.finished_at).not.toBeNull();
    const page = await list("?limit=1&offset=1");
    expect(page.results.map((r) => r.filename)).toEqual(["lundi.csv"]);
    expect((await list("?limit=1")).next).toContain("offset=1");

    // A running import whose instance died reads as interrupted in the list too.
    await t.ctx.db.insert(orderImports).values({
      companyId: company.id,
      filename: "perdu.csv",
      encoding: "utf-8",
      separator: ",",
      total: 50,
      processed: 20,
      created: 20,
      heartbeatAt: new Date(Date.now() - 120_000),
    });
    expect((await list()).results[0]).toMatchObject({ filename: "perdu.csv", status: "failed" });

    const other = await createCompanyFor(t, await registerVerifiedUser(t));
    expect(await list("", authHeaders(other.owner.access))).toMatchObject({ count: 0, results: [] });
  });

  it("shows a job only to its company (404)", async () => {
    await freshCompany();
    const res = await upload("/company/orders/imports/", Buffer.from(bigCsv(2, "P")));
    const id = res.json().id as string;
    await waitDone(id);
    const other = await createCompanyFor(t, await registerVerifiedUser(t));
    const { res: foreign } = await getJob(id, authHeaders(other.owner.access));
    expect(foreign.statusCode).toBe(404);
    expect(
      await t.ctx.db
        .select()
        .from(orderImports)
        .where(and(eq(orderImports.id, id), eq(orderImports.status, "done"))),
    ).toHaveLength(1);
  });
});
