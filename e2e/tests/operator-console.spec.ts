import { spawnSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { join } from "node:path";
import { type APIRequestContext, expect, request, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y";
import { codeOf, linkOf, waitForMail } from "../support/mailbox";
import { REPO_ROOT } from "../support/paths";
import { E2E_BASE_URL } from "../support/ports";

/** RFC 6238 as the operator's authenticator app computes it (SHA-1, 30 s, 6 digits). */
function totp(secret: string, now = Date.now()): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of secret) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 30_000)));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = (mac.at(-1) ?? 0) & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

const unique = () => `${Date.now()}-${Math.round(Math.random() * 1e6)}`;

// biome-ignore lint/suspicious/noExplicitAny: the API's JSON, read by the journey field by field.
type Json = Record<string, any>;

async function ok(response: Awaited<ReturnType<APIRequestContext["get"]>>, status: number): Promise<Json> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as Json;
}

/** A shop moderated by Certavis whose buyers left two reviews the automatic checks flag: their addresses. */
async function shopWithFlaggedReviews(api: APIRequestContext): Promise<string[]> {
  const email = `boutique-${unique()}@exemple.fr`;
  const after = new Date();
  const { access } = await ok(
    await api.post("/api/v1/auth/register/", {
      data: { email, password: "motdepasse-solide", first_name: "Inès", last_name: "Morel" },
    }),
    201,
  );
  const headers = { Authorization: `Bearer ${access}` };
  const mail = await waitForMail({ to: email, subject: "code de vérification", after });
  const verified = await api.post("/api/v1/auth/verify-email/", { headers, data: { code: codeOf(mail) } });
  expect(verified.status(), await verified.text()).toBe(204);
  await ok(await api.post("/api/v1/company/", { headers, data: { name: `Épicerie ${unique()}` } }), 201);
  await ok(await api.put("/api/v1/company/moderation/", { headers, data: { mode: "certavis" } }), 200);
  const { api_key: apiKey } = await ok(await api.get("/api/v1/company/", { headers }), 200);
  const { id: productId } = await ok(
    await api.post("/api/v1/company/products/", {
      headers,
      data: { name: "Miel de lavande", status: "active" },
    }),
    201,
  );
  const buyers: string[] = [];
  for (const comment of ["Appelez-moi au 06 12 34 56 78 pour en parler", "Voir https://exemple.fr/promo"]) {
    const buyer = `acheteur-${unique()}@exemple.fr`;
    buyers.push(buyer);
    const { review_url: reviewUrl } = await ok(
      await api.post("/api/v1/orders/", {
        headers: { "X-Api-Key": apiKey },
        data: {
          product_id: productId,
          buyer_email: buyer,
          buyer_first_name: "Léa",
          buyer_last_name: "Bernard",
          reference: `OP-${unique()}`,
        },
      }),
      201,
    );
    const key = new URL(reviewUrl).searchParams.get("api_key") ?? "";
    await ok(
      await api.post(`/api/v1/review/?api_key=${encodeURIComponent(key)}`, {
        data: { answers: { rating: 2, comment } },
      }),
      201,
    );
  }
  return buyers;
}

test("an operator signs in with a second factor, clears a queue and decides an appeal from the keyboard", async ({
  page,
}) => {
  // Two queues, two axe passes and the e-mails between them: more than the default minute under load.
  test.setTimeout(180_000);
  const api = await request.newContext({ baseURL: E2E_BASE_URL });
  const [firstBuyer] = await shopWithFlaggedReviews(api);

  // A Certavis operator: an ordinary account, made an operator by the command while the server runs.
  const operator = { email: `operatrice-${unique()}@certavis.fr`, password: "motdepasse-solide" };
  await ok(
    await api.post("/api/v1/auth/register/", {
      data: { ...operator, first_name: "Odile", last_name: "Marchand" },
    }),
    201,
  );
  const command = spawnSync(
    process.execPath,
    ["--import", "tsx", "src/cli/operator.ts", "add", operator.email],
    {
      cwd: join(REPO_ROOT, "apps/api"),
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? "", DATABASE_URL: "" },
      encoding: "utf8",
    },
  );
  expect(command.stderr).toBe("");
  expect(command.stdout).toContain(`${operator.email} est maintenant opérateur.`);

  await page.goto("/login");
  await page.getByLabel("E-mail", { exact: true }).fill(operator.email);
  await page.getByLabel("Mot de passe").fill(operator.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("heading", { name: "Vérification en deux étapes" })).toBeVisible();
  // The QR code to scan (drawn by the server), and the secret as text for those who type it.
  const qr = page.getByRole("img", { name: "QR code à scanner avec votre application d'authentification" });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
  await page.getByLabel("Code à 6 chiffres").fill(totp(secret.trim()));
  await page.getByRole("button", { name: "Vérifier" }).click();

  await expect(page).toHaveURL(/\/operators$/);
  await expect(page.getByRole("heading", { name: "Console des opérateurs" })).toBeVisible();
  const flagged = page.getByTestId("count-flagged");
  await expect(flagged).not.toHaveText("aucun");
  await expect(page.getByTestId("operator-case")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // j / k move; the case follows the current item.
  const current = page.locator("[aria-current=true]");
  await expect(current).toContainText("Appelez-moi au 06 12 34 56 78");
  await page.keyboard.press("j");
  await expect(current).toContainText("https://exemple.fr/promo");
  await expect(page.getByTestId("operator-case")).toContainText("Lien dans le texte");
  await page.keyboard.press("ArrowUp");
  await expect(current).toContainText("Appelez-moi au 06 12 34 56 78");
  await expect(page.getByTestId("operator-case")).toContainText("Numéro de téléphone dans le texte");

  // r → the reason by its digit, a note, Enter: the first one removed; then p for each one left.
  await page.keyboard.press("r");
  const dialog = page.getByRole("dialog", { name: "Retirer cet avis" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("2");
  await expect(dialog.getByRole("radio", { name: /Données personnelles/ })).toBeChecked();
  await dialog.getByLabel("Note").fill("Numéro de téléphone");
  await dialog.getByRole("button", { name: "Retirer l'avis" }).press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Avis retiré").first()).toBeVisible();

  const empty = page.getByText("Cette file est vide. Bravo !");
  const publish = page.getByRole("button", { name: "Publier (p)", disabled: false });
  for (let guard = 0; guard < 50; guard++) {
    // The queue reloads after each decision: wait until it shows its next item, or says it is empty.
    await expect(empty.or(publish).first()).toBeVisible();
    if (await empty.isVisible()) break;
    const before = await flagged.textContent();
    await page.locator("body").press("p");
    await expect(flagged).not.toHaveText(before ?? "");
  }
  await expect(page.getByText("Cette file est vide. Bravo !")).toBeVisible();
  await expect(flagged).toHaveText("aucun");

  // The author of the removed review appeals through the statement of reasons' link…
  const statement = await waitForMail({ to: firstBuyer ?? "", subject: "n'a pas été publié" });
  const token = new URL(linkOf(statement, "/recours?token=")).searchParams.get("token") ?? "";
  await ok(
    await api.post("/api/v1/public/appeals/", {
      data: { token, explanation: "Ce numéro est celui du service client de la boutique." },
    }),
    201,
  );
  await api.dispose();

  // …and the operator overturns the decision from the appeals queue: p, the review is published again.
  const appeals = page.getByTestId("count-appeals");
  await page.reload();
  await expect(appeals).not.toHaveText("aucun");
  await page.getByRole("button", { name: /^Recours/ }).click();
  await expect(
    page.getByText("p annuler la décision (l'avis est republié), m maintenir la décision"),
  ).toBeVisible();
  await expect(page.getByTestId("operator-case")).toContainText("Ce numéro est celui du service client");
  await expect(page.getByRole("button", { name: "Annuler la décision (p)", disabled: false })).toBeVisible();
  await expect(page.getByRole("button", { name: /Retirer/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.locator("body").press("p");
  await expect(page.getByText("Décision annulée : avis republié").first()).toBeVisible();
  await expect(appeals).toHaveText("aucun");
  const outcome = await waitForMail({ to: firstBuyer ?? "", subject: "Votre recours" });
  expect(outcome.text).toContain("elle est annulée. Votre avis est de nouveau publié.");
});
