import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y";
import { signInWithTokens } from "../support/sign-in";
import { DEMO } from "./public-api";

/** The demo owner downloads everything from Paramètres › Confidentialité: one ZIP with reviews.csv. */
test("'Exporter toutes les données' downloads the company's ZIP", async ({ page }) => {
  await signInWithTokens(page, DEMO);
  await page.goto("/settings/privacy");
  await expect(page.getByRole("heading", { name: "Exporter toutes les données", level: 2 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exporter toutes les données" }).click();
  // The toast comes as the download starts and lasts seconds: read before the whole ZIP has arrived
  // (after it, on a loaded machine, the toast was gone).
  await expect(
    page.getByText("Téléchargement lancé : le fichier arrive dans vos téléchargements."),
  ).toBeVisible();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^certavis-export-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await readFile((await download.path()) ?? "");
  // A ZIP starts with a local file header and names each entry in plain bytes.
  expect(zip.subarray(0, 4).toString("hex")).toBe("504b0304");
  for (const name of [
    "LISEZMOI.txt",
    "reviews.csv",
    "reviews.json",
    "orders.csv",
    "products.csv",
    "audit.csv",
  ]) {
    expect(zip.includes(Buffer.from(name)), name).toBe(true);
  }
});
