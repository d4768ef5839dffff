import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { E2E_BASE_URL } from "./support/ports";

// Debian's Chromium (Playwright cannot download its own browser on our machines); Playwright's own elsewhere.
// Its headless shell first (Debian's chromium-headless-shell, what Playwright itself runs headless): the
// same engine without the browser's window machinery, measured on 2 cores: the 55 journeys in 7.9 min
// against 10.5 with the full browser. One worker: two, each slower, took 8.8 min.
const systemChromium = [
  process.env.E2E_CHROMIUM,
  "/usr/bin/chromium-headless-shell",
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
].find((path) => path && existsSync(path));

export default defineConfig({
  testDir: "./tests",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // CI shares its 2 cores (load 20 to 35 measured): there a journey may take 2 min and a screen 20 s
  // (at 60 s and 10 s, each of three such runs had journeys time out on both attempts, e.g. the demo's
  // reviews journey). A green run is no slower for it.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: [["list"]],
  globalSetup: "./global-setup.ts",
  outputDir: "./test-results",
  use: {
    baseURL: E2E_BASE_URL,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    // A trace records a screencast of every frame: kept for every journey, it cost the browser and the
    // runner a quarter of the suite (55 journeys 4.9 → 3.7 min on 2 cores). A journey that fails in CI
    // runs again with a trace; locally, `--trace on`.
    trace: "on-first-retry",
  },
  projects: [
    {
      name: "chromium",
      use: {
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
      },
    },
  ],
});
