import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y";
import { signInWithTokens } from "../support/sign-in";

/**
 * The demo shop's statistics (real API, embedded PGlite with the demo seed): reached from the reviews
 * page, the figures of the API for the default 90 days then for 12 months, a chart's data table, a
 * theme opening its reviews, axe, and the screen on a phone.
 */

const DEMO = { email: "demo@exemple.fr", password: "demo-certavis" } as const;

interface ApiInsights {
  totals: { reviews_submitted: number; requests_sent: number };
  series: unknown[];
  themes: { positive: { label: string }[] };
}

const integer = (n: number) => new Intl.NumberFormat("fr-FR").format(n);
const day = (date: Date) => date.toISOString().slice(0, 10);

test("demo shop: statistics from the reviews page, a preset, a data table, a theme's reviews, on a phone", async ({
  page,
  request,
}) => {
  const login = await request.post("/api/v1/auth/login/", { data: DEMO });
  const { access } = (await login.json()) as { access: string };
  const insightsOf = async (query: string) =>
    (await (
      await request.get(`/api/v1/company/insights/?${query}`, {
        headers: { Authorization: `Bearer ${access}` },
      })
    ).json()) as ApiInsights;
  const today = new Date();
  const yearAgo = new Date(today.getTime() - 364 * 86_400_000);
  const ninetyDays = await insightsOf("");
  const year = await insightsOf(`from=${day(yearAgo)}&to=${day(today)}&granularity=month`);
  expect(year.themes.positive.length, "the demo's happy buyers have themes").toBeGreaterThan(0);

  await signInWithTokens(page, DEMO);
  await page.goto("/reviews");
  await page.getByRole("link", { name: "Statistiques" }).click();
  await expect(page).toHaveURL(/\/reviews\/insights$/);
  await expect(page.getByRole("heading", { name: "Statistiques", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation").getByRole("link", { name: "Avis" })).toHaveAttribute(
    "aria-current",
    "page",
  );

  const totals = page.getByRole("region", { name: "Statistiques" });
  const card = (label: string) =>
    totals.locator(".rt-Card").filter({ has: page.getByText(label, { exact: true }) });
  await expect(card("Avis reçus")).toContainText(integer(ninetyDays.totals.reviews_submitted));
  await expect(card("Demandes envoyées")).toContainText(integer(ninetyDays.totals.requests_sent));
  await expectNoSeriousA11yViolations(page);

  // 12 months, by month: the URL keeps it and the figures follow.
  await page.getByRole("radio", { name: "12 mois" }).click();
  await expect(page).toHaveURL(/periode=12m/);
  await expect(card("Avis reçus")).toContainText(integer(year.totals.reviews_submitted));

  // The rating chart's numbers, behind 'Voir les données'.
  const ratingCard = page
    .locator(".rt-Card")
    .filter({ has: page.getByRole("heading", { name: "Note moyenne par période" }) });
  await ratingCard.getByText("Voir les données").click();
  await expect(ratingCard.getByRole("table").getByRole("row")).toHaveCount(year.series.length + 1);

  // A term of 'Ce qui plaît' opens the reviews that use it.
  const label = year.themes.positive[0]?.label ?? "";
  await page
    .getByRole("button", { name: new RegExp(`^${label}`) })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: `Avis qui parlent de « ${label} »` });
  await expect(dialog.getByRole("article").first()).toContainText(new RegExp(label, "i"));
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Fermer" }).click();

  // On a phone: nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("heading", { name: "Statistiques", level: 1 })).toBeVisible();
  // The charts follow the new width on their ResizeObserver's next round.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);
});
