import { createServer, type IncomingHttpHeaders } from "node:http";
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y";
import { signInWithTokens } from "../support/sign-in";
import { DEMO, demoApi } from "./public-api";

/**
 * The demo owner adds a webhook endpoint (a receiver on 127.0.0.1 started here) in Paramètres ›
 * Intégrations, approves a review, and sees the signed `review.published` delivered in the endpoint's
 * deliveries.
 */
const RECEIVER_PORT = Number(process.env.E2E_WEBHOOK_PORT ?? 3321);

test("add a webhook endpoint, approve a review, see review.published delivered", async ({ page }) => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(204).end();
    });
  });
  // One of this suite's own ports (loopback only).
  await new Promise<void>((resolve) => receiver.listen(RECEIVER_PORT, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${RECEIVER_PORT}/certavis`;

  try {
    const stamp = Date.now();
    const comment = `Webhook ${stamp}`;
    const demo = await demoApi();
    const productId = await demo.createProduct(`Lampe webhook ${stamp}`, await demo.defaultFormId());
    const { reviewUrl } = await demo.createOrder(productId, `webhook.${stamp}@exemple.fr`);
    const key = new URL(reviewUrl).searchParams.get("api_key") ?? "";
    const submitted = await demo.api.post(`/api/v1/review/?api_key=${encodeURIComponent(key)}`, {
      data: { answers: { rating: 5, comment } },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
    const reviewId = ((await submitted.json()) as { id: string }).id;

    await signInWithTokens(page, DEMO);

    await page.goto("/settings/integrations");
    await expect(page.getByRole("heading", { name: "Webhooks" })).toBeVisible();
    await page.getByRole("button", { name: "Ajouter un point de réception" }).click();
    await page.getByLabel("URL de réception").fill(url);
    await expect(page.getByRole("checkbox", { name: /Avis publié/ })).toBeChecked();
    await page.getByRole("button", { name: "Ajouter", exact: true }).click();
    await expect(page.getByText("Copiez ce secret maintenant")).toBeVisible();
    // The tab also holds the shop connections, whose secrets have the same label: the webhooks' section only.
    const webhooks = page.getByRole("region", { name: "Webhooks" });
    await expect(webhooks.getByLabel("Secret de signature").first()).toHaveText(/^whsec_/);
    const endpoint = page.getByRole("listitem").filter({ hasText: url });
    await expect(endpoint).toContainText("Actif");

    // The review approved (the moderation screens have their own journey): its event goes out.
    await demo.approve(reviewId);
    await demo.dispose();

    await endpoint.getByRole("button", { name: "Voir les envois" }).click();
    const row = page
      .getByRole("region", { name: `Envois vers ${url}` })
      .getByRole("row")
      .filter({ hasText: "review.published" });
    await expect(row).toContainText("Livré", { timeout: 20_000 });
    await expect(row).toContainText("204");
    await expectNoSeriousA11yViolations(page);

    const published = received.find((hit) => hit.body.includes('"review.published"'));
    expect(published?.headers["webhook-id"]).toMatch(/^msg_/);
    expect(published?.headers["webhook-signature"]).toMatch(/^v1,/);
    expect(JSON.parse(published?.body ?? "{}")).toMatchObject({
      type: "review.published",
      data: { comment },
    });
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
