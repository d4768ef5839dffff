import { createHmac } from "node:crypto";
import { expect, request, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y";
import { linksOf, waitForMail } from "../support/mailbox";
import { E2E_BASE_URL } from "../support/ports";
import { signInWithTokens } from "../support/sign-in";
import { DEMO } from "./public-api";

/**
 * Orders in without code (issue 23): the demo owner connects WooCommerce from Paramètres ›
 * Intégrations, the shop sends a signed 'completed' order of two products to the webhook URL, the
 * order shows in the log and its buyer gets one e-mail with both products and two review links.
 */
test("connect WooCommerce, receive a signed completed order of two products, see it in the log and its one e-mail", async ({
  page,
}) => {
  const run = Date.now();
  const shop = `https://boutique-${run}.exemple.fr`;
  const buyer = `woo.${run}@exemple.fr`;

  await signInWithTokens(page, DEMO);
  await page.goto("/settings/teams");
  await page.getByRole("link", { name: "Intégrations" }).click();
  const card = page.getByRole("region", { name: "Connexions de la boutique" });
  await card.getByRole("combobox", { name: "Plateforme" }).click();
  await page.getByRole("option", { name: "WooCommerce" }).click();
  await card.getByRole("textbox", { name: "Adresse de la boutique" }).fill(shop);
  await card.getByRole("button", { name: "Connecter", exact: true }).click();
  const panel = page.getByRole("region", { name: `WooCommerce · ${shop}` });
  await expect(panel).toContainText("En attente");
  await expect(panel).toContainText("Commande mise à jour");
  const webhookUrl = (await panel.getByLabel("URL du webhook", { exact: true }).textContent()) ?? "";
  const secret = (await panel.getByLabel("Secret de signature", { exact: true }).textContent()) ?? "";
  expect(webhookUrl).toMatch(/\/api\/v1\/integrations\/[0-9a-f-]{36}\/webhook\/$/);
  await expectNoSeriousA11yViolations(page);

  // The shop's delivery, signed as WooCommerce signs: base64(HMAC-SHA256(body, secret)).
  const completed = new Date(run - 5 * 24 * 3600 * 1000).toISOString().slice(0, 19);
  const body = JSON.stringify({
    id: 900,
    number: `WC-${run}`,
    status: "completed",
    date_created: completed,
    date_completed: completed,
    billing: { first_name: "Léa", last_name: "Bernard", email: buyer },
    line_items: [
      { id: 1, name: `Lampe Woo ${run}`, product_id: 93, sku: `WOO-LAMPE-${run}`, quantity: 1 },
      { id: 2, name: `Bougie Woo ${run}`, product_id: 94, sku: `WOO-BOUGIE-${run}`, quantity: 2 },
    ],
  });
  const api = await request.newContext({ baseURL: E2E_BASE_URL });
  const delivered = await api.post(new URL(webhookUrl).pathname, {
    headers: {
      "content-type": "application/json",
      "x-wc-webhook-topic": "order.updated",
      "x-wc-webhook-delivery-id": `e2e-${run}`,
      "x-wc-webhook-signature": createHmac("sha256", secret).update(body).digest("base64"),
    },
    data: body,
  });
  expect(delivered.status(), await delivered.text()).toBe(200);
  await api.dispose();

  // The connection's status and its journal are two reads: a reload between the event's outcome and the
  // second read shows one before the other, so both are awaited across reloads.
  await expect(async () => {
    await page.reload();
    const panel = page.getByRole("region", { name: `WooCommerce · ${shop}` });
    await expect(panel.getByRole("row", { name: new RegExp(`WC-${run}`) })).toContainText("Prise en compte", {
      timeout: 5000,
    });
    await expect(panel).toContainText("Active", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });

  const mail = await waitForMail({ to: buyer, after: new Date(run - 1000) }, 60_000);
  expect(`${mail.text}`).toContain(`Lampe Woo ${run}`);
  expect(`${mail.text}`).toContain(`Bougie Woo ${run}`);
  // Two products, two review keys (each behind its button and its five star links).
  const keys = linksOf(mail)
    .filter((link) => link.includes("api_key="))
    .map((link) => new URL(link).searchParams.get("api_key"));
  expect(new Set(keys).size).toBe(2);

  // Tidy: the demo company keeps its other connections only.
  await panel.getByRole("button", { name: `Déconnecter ${shop}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Déconnecter" }).click();
  await expect(page.getByRole("region", { name: `WooCommerce · ${shop}` })).toHaveCount(0);
});
