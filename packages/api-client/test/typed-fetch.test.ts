import { describe, expect, it } from "vitest";
import { apiUrl, getJson } from "../src/typed-fetch";

describe("typed fetch helper", () => {
  it("builds contract URLs under /api/v1 and leaves out absent query values", () => {
    expect(apiUrl("/review/", { api_key: "a b&c" })).toBe("/api/v1/review/?api_key=a+b%26c");
    expect(apiUrl("/public/reviews/", { company_id: "c1", product_id: undefined })).toBe(
      "/api/v1/public/reviews/?company_id=c1",
    );
  });

  it("answers the JSON body on 2xx and the error body otherwise", async () => {
    const seen: string[] = [];
    const fake = (status: number, body: unknown): typeof fetch =>
      (async (url: string | URL | Request) => {
        seen.push(String(url));
        return new Response(JSON.stringify(body), { status });
      }) as typeof fetch;
    const detail = { detail: "Lien d'avis invalide ou expiré." };
    expect(await getJson("/review/", { api_key: "k" }, fake(403, detail))).toEqual({
      ok: false,
      status: 403,
      body: detail,
    });
    const ok = await getJson("/public/reviews/", { company_id: "c1" }, fake(200, { count: 0 }));
    expect(ok).toEqual({ ok: true, status: 200, data: { count: 0 } });
    expect(seen).toEqual(["/api/v1/review/?api_key=k", "/api/v1/public/reviews/?company_id=c1"]);
  });
});
