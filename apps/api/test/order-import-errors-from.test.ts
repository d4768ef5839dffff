import { fr } from "@certavis/i18n-fr/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  companyWithTeaProduct,
  createTestApp,
  expectMatchesContract,
  type ImportJob,
  importOrders,
  TEST_DATABASES,
  type TestApp,
} from "./helpers";

const HEADER = "reference;sku;buyer_email;buyer_first_name;buyer_last_name;order_date";
/** Lines 2–13 of the file: every third one is good, the others (8) are refused for their e-mail. */
const CSV = [
  HEADER,
  ...Array.from({ length: 12 }, (_, i) =>
    i % 3 === 0
      ? `EF-${i};TEA-1;client${i}@exemple.fr;Léa;Bernard;20/11/2026`
      : `EF-${i};TEA-1;pas-un-email-${i};Léa;Bernard;20/11/2026`,
  ),
].join("\r\n");
const REFUSED_LINES = [3, 4, 6, 7, 9, 10, 12, 13];

describe.each(TEST_DATABASES)("order import errors_from on %s", (kind) => {
  let t: TestApp;
  let auth: Record<string, string>;
  let jobId: string;
  const url = (query: string) => `/api/v1/company/orders/imports/${jobId}/${query}`;
  const get = (query: string) => t.inject({ method: "GET", url: url(query), headers: auth });

  beforeAll(async () => {
    t = await createTestApp({ kind });
    auth = (await companyWithTeaProduct(t)).auth;
    jobId = (await importOrders(t, auth, CSV)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function job(query: string): Promise<ImportJob> {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(200);
    return expectMatchesContract<ImportJob>(res, "companyOrderImportsGet");
  }

  it("lists every refused line without errors_from or with 0, in line order", async () => {
    const all = await job("");
    expect(all.status).toBe("done");
    expect(all.refused).toBe(REFUSED_LINES.length);
    expect(all.errors.map((e) => e.line)).toEqual(REFUSED_LINES);
    expect(all.errors.every((e) => Object.keys(e.errors).join() === "buyer_email")).toBe(true);
    expect(await job("?errors_from=0")).toEqual(all);
  });

  it("lists only the refused lines after the first errors_from; refused stays the total", async () => {
    const all = await job("");
    for (const from of [1, 5, 7]) {
      const tail = await job(`?errors_from=${from}`);
      expect(tail.refused, `from ${from}`).toBe(REFUSED_LINES.length);
      expect(tail.errors, `from ${from}`).toEqual(all.errors.slice(from));
    }
    for (const from of [8, 9, 2147483647]) expect((await job(`?errors_from=${from}`)).errors).toEqual([]);
  });

  it("refuses an errors_from that is not a whole number from 0 (French 400 on the field)", async () => {
    const cases: [string, string][] = [
      ["-1", fr.server.schema.minimum(0)],
      ["1.5", fr.server.schema.integer],
      ["abc", fr.server.schema.integer],
      ["", fr.server.schema.integer],
      ["2147483648", fr.server.schema.maximum(2147483647)],
    ];
    for (const [value, message] of cases) {
      const res = await get(`?errors_from=${value}`);
      expect(res.statusCode, `${value}: ${res.body}`).toBe(400);
      expect(res.json(), value).toEqual({ errors_from: [message] });
    }
    for (const value of ["1e309", "9223372036854775807", "ab%00cd"]) {
      const res = await get(`?errors_from=${value}`);
      expect(res.statusCode, `${value}: ${res.body}`).toBe(400);
      expect(res.json().errors_from, value).toBeDefined();
    }
  });
});
