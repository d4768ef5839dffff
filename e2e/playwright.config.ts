import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { E2E_BASE_URL } from "./support/ports";

// Debian's Chromium (Playwright cannot download its own browser on our machines); Playwright's own elsewhere.
const systemChromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));

/**
 * Journeys that change the demo company (seeded once per run) or check its figures: one after another,
 * beside the journeys on accounts of their own and those that only look at the demo's screens
 * (phone width, export).
 */
const DEMO_JOURNEYS = [
  "backoffice-certified",
  "backoffice-editors",
  "backoffice-insights",
  "backoffice-order-import",
  "backoffice-reviews",
  "backoffice-webhooks",
  "integrations-woocommerce",
  "privacy-unsubscribe",
  "public-pages-and-stars",
  "public-review-journey",
  "public-widget-and-keyboard",
  "widget-configurator",
].map((name) => `**/${name}.spec.ts`);

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    ...(systemChromium ? { executablePath: systemChromium } : {}),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  },
};

export default defineConfig({
  testDir: "./tests",
  fullyParallel: false,
  // Two at once on our 2-core machines: the demo's journeys in one worker, the others beside them.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  globalSetup: "./global-setup.ts",
  outputDir: "./test-results",
  use: {
    baseURL: E2E_BASE_URL,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    trace: "retain-on-failure",
  },
  projects: [
    { name: "demo", testMatch: DEMO_JOURNEYS, workers: 1, use: chromium },
    { name: "own-accounts", testIgnore: DEMO_JOURNEYS, use: chromium },
  ],
});
