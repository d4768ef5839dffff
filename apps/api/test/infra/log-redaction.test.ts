import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redactSecrets } from "../../src/http/log-redaction";
import { manualClock } from "../../src/modules/pipeline";
import { openShop, type Shop } from "../certification/fixtures";
import { createTestApp, expectMatchesContract, TEST_DATABASES, type TestApp } from "../helpers";

describe.each(TEST_DATABASES)("no secret in the request log on %s", (kind) => {
  const clock = manualClock(new Date("2026-11-23T10:00:00Z"));
  const lines: string[] = [];
  let t: TestApp;
  let shop: Shop;

  beforeAll(async () => {
    t = await createTestApp({
      kind,
      now: () => clock.now(),
      logger: { level: "info", stream: { write: (line: string) => lines.push(line) } },
    });
    shop = await openShop(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("a review-form request and a withdrawal leave their key and token out of every log line", async () => {
    const ordered = await t.inject({
      method: "POST",
      url: "/api/v1/orders/",
      headers: { "x-api-key": shop.company.apiKey },
      payload: {
        product_id: shop.productId,
        buyer_email: "secret.log@exemple.fr",
        buyer_first_name: "Léa",
        buyer_last_name: "Bernard",
        reference: "CMD-LOG-1",
        order_date: new Date(clock.now().getTime() - 86_400_000).toISOString(),
      },
    });
    const { review_url } = expectMatchesContract<{ review_url: string }>(ordered, "ordersCreate");
    const key = new URL(review_url).searchParams.get("api_key") as string;
    const formUrl = `/api/v1/review/?api_key=${encodeURIComponent(key)}`;
    expect((await t.inject({ method: "GET", url: formUrl })).statusCode).toBe(200);
    const submitted = await t.inject({
      method: "POST",
      url: formUrl,
      payload: { answers: { rating: 4, comment: "Très bien." } },
    });
    expect(submitted.statusCode).toBe(201);
    const thanks = await t.smtp.waitForMail((m) => m.to.includes("secret.log@exemple.fr"));
    const token = new URL(thanks.links.find((l) => l.includes("retrait?token=")) as string).searchParams.get(
      "token",
    ) as string;
    const withdrawal = `/api/v1/review/withdrawal/?token=${token}`;
    expect((await t.inject({ method: "GET", url: withdrawal })).statusCode).toBe(200);

    const log = lines.join("");
    expect(log).toContain('"url":"/api/v1/review/?api_key=[redacted]"');
    expect(log).toContain('"url":"/api/v1/review/withdrawal/?token=[redacted]"');
    expect(log).not.toContain(key);
    expect(log).not.toContain(encodeURIComponent(key));
    expect(log).not.toContain(token);
  });

  it("redacts token, api_key, code and any *key* or *token* parameter, and nothing else", () => {
    expect(
      redactSecrets("/verify-email?code=AB12CD&next=/x&resetToken=t1&widget_key=k2&page=2&monkey=3#code=f"),
    ).toBe(
      "/verify-email?code=[redacted]&next=/x&resetToken=[redacted]&widget_key=[redacted]&page=2&monkey=[redacted]#code=f",
    );
  });
});
