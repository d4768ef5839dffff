import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y";

/**
 * The demo account moderates reviews in the built product (real API, embedded PGlite with the demo seed):
 * dashboard figures as the API computes them, the reviews page filtered, a review approved and the next
 * one rejected from the dialog, the dashboard and the public widget showing the change; axe on both
 * screens; the 404 screen.
 */

test.describe.configure({ mode: "serial" });

const DEMO = { email: "demo@exemple.fr", password: "demo-certavis" } as const;

interface ApiReview {
  id: string;
  rating: number;
  status: "pending" | "approved" | "rejected";
  author_name: string;
  comment: string | null;
  product: { id: string; name: string };
}

interface ApiCompany {
  id: string;
  mean_note: number | null;
  total_reviews: number;
  reviews_last_7_days: { total?: number };
  orders_last_7_days: { total?: number };
}

const average = (n: number | null) =>
  n === null
    ? "—"
    : new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);

async function demoApi(request: APIRequestContext) {
  const login = await request.post("/api/v1/auth/login/", { data: DEMO });
  expect(login.status()).toBe(200);
  const { access } = (await login.json()) as { access: string };
  const headers = { Authorization: `Bearer ${access}` };
  return {
    company: async () => (await (await request.get("/api/v1/company/", { headers })).json()) as ApiCompany,
    reviews: async (query = "") =>
      (
        (await (await request.get(`/api/v1/company/reviews/?limit=200${query}`, { headers })).json()) as {
          results: ApiReview[];
        }
      ).results,
  };
}

const statCard = (page: Page, label: string) =>
  page.locator(".rt-Card").filter({ has: page.getByText(label, { exact: true }) });
const notifications = (page: Page) => page.getByRole("region", { name: "Notifications" });

test("demo account: dashboard figures, reviews filtered, approve then reject from the dialog, dashboard and widget updated", async ({
  page,
  request,
}) => {
  const api = await demoApi(request);
  const company = await api.company();
  const pending = await api.reviews("&status=pending");
  const approved = await api.reviews("&status=approved");
  // The newest pending review whose author (as the widget names them) has no approved review of the same
  // product yet: the widget then shows that name only once it is approved.
  const short = (name: string) => name.replace(/^(\S+) (\S)\S*$/, "$1 $2.");
  const target = pending.find(
    (r) =>
      !approved.some((a) => a.product.id === r.product.id && short(a.author_name) === short(r.author_name)),
  );
  expect(target, "a pending demo review to approve").toBeTruthy();
  if (!target) return;

  await page.goto("/login");
  await page.getByLabel("E-mail", { exact: true }).fill(DEMO.email);
  await page.getByLabel("Mot de passe").fill(DEMO.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("heading", { name: "Tableau de bord", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The dashboard shows the API's figures.
  await expect(statCard(page, "Note moyenne")).toContainText(average(company.mean_note));
  await expect(statCard(page, "Total avis")).toContainText(String(company.total_reviews));
  await expect(statCard(page, "Taux de croissance")).toContainText("—");
  const chart = page.getByRole("list", { name: "Activité des avis" });
  await expect(chart.getByRole("listitem")).toHaveCount(7);
  await expect(chart.getByRole("listitem").first()).toHaveAccessibleName(/^Lun : \d+ avis, \d+ commandes$/);
  await expect(
    page.getByText(`${company.reviews_last_7_days.total ?? 0} avis`, { exact: true }),
  ).toBeVisible();
  await expect(
    page.getByText(`${company.orders_last_7_days.total ?? 0} commandes`, { exact: true }),
  ).toBeVisible();
  const recent = page
    .locator(".rt-Card")
    .filter({ has: page.getByRole("heading", { name: "Avis récents" }) });
  await expect(recent.getByRole("button")).toHaveCount(3);
  await expectNoSeriousA11yViolations(page);

  // Reviews page, filtered on the pending ones and the target's author.
  await recent.getByRole("link", { name: "Voir tout" }).click();
  await expect(page.getByRole("heading", { name: "Avis clients", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/reviews$/);
  await expect(statCard(page, "Avis en attente")).toContainText(String(pending.length));
  const grid = page.getByRole("list", { name: "Avis clients" });
  await expect(grid.getByRole("listitem")).toHaveCount(Math.min(company.total_reviews, 200));
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("combobox", { name: "Statut" }).click();
  await page.getByRole("option", { name: "En attente" }).click();
  await expect(grid.getByRole("listitem")).toHaveCount(pending.length);
  await expect(grid.getByRole("listitem").filter({ hasNotText: "En attente" })).toHaveCount(0);
  const search = page.getByRole("searchbox", { name: "Rechercher dans les avis..." });
  await search.fill(target.author_name);
  await expect(grid.getByRole("listitem")).toHaveCount(
    pending.filter((r) => r.author_name === target.author_name).length,
  );
  await search.fill("");
  await expect(grid.getByRole("listitem")).toHaveCount(pending.length);

  // Approve it from the dialog: toast; the dialog moves on to the next pending review, which is rejected.
  const rejectedBefore = (await api.reviews("&status=rejected")).length;
  await grid
    .getByRole("button")
    .filter({ hasText: target.author_name })
    .filter({ hasText: target.comment ?? "" })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Avis client" });
  await expect(dialog).toContainText(target.author_name);
  await expect(dialog).toContainText(target.product.name);
  await expect(dialog.getByText("Réponses :")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Valider l'avis" }).click();
  await expect(notifications(page).getByText("Avis validé")).toBeVisible();
  await expect
    .poll(async () => (await api.reviews()).find((r) => r.id === target.id)?.status)
    .toBe("approved");

  const stillPending = pending.filter((r) => r.id !== target.id);
  if (stillPending.length > 0) {
    await expect(dialog.getByRole("button", { name: "Changer le statut (En attente)" })).toBeVisible();
    await dialog.getByRole("button", { name: "Rejeter" }).click();
    // A rejection names its reason.
    const reasons = page.getByRole("dialog", { name: "Rejeter l'avis" });
    await reasons.getByRole("radio", { name: "Soupçon de faux avis" }).click();
    // The reason dialog's list, note and buttons, over the review dialog's.
    await expectNoSeriousA11yViolations(page);
    await reasons.getByRole("button", { name: "Rejeter l'avis" }).click();
    await expect(notifications(page).getByText("Avis rejeté")).toBeVisible();
    await expect.poll(async () => (await api.reviews("&status=rejected")).length).toBe(rejectedBefore + 1);
    await page.keyboard.press("Escape");
  }
  await expect(dialog).toBeHidden();
  await expect(statCard(page, "Avis en attente")).toContainText(
    stillPending.length > 1 ? String(stillPending.length - 1) : "Tous les avis sont vérifiés",
  );

  // The dashboard follows.
  await page
    .getByRole("navigation", { name: "Navigation principale" })
    .getByRole("link", { name: "Tableau de bord" })
    .click();
  const after = await api.company();
  await expect(statCard(page, "Note moyenne")).toContainText(average(after.mean_note));

  // The public widget shows the approved review.
  // The widget names authors by first name and initial ('Théo M.').
  await page.goto(`/widget?company_id=${company.id}&product_id=${target.product.id}`);
  const shown = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: short(target.author_name) }) });
  await expect(shown.filter({ hasText: target.comment ?? "" }).first()).toBeVisible();
});

test("below 768 px the navigation slides in; it and the account menu work with the keyboard, without serious axe violations", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/login");
  await page.getByLabel("E-mail", { exact: true }).fill(DEMO.email);
  await page.getByLabel("Mot de passe").fill(DEMO.password);
  await page.getByLabel("Mot de passe").press("Enter");
  await expect(page.getByRole("heading", { name: "Tableau de bord", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeHidden();

  await page.getByRole("button", { name: "Ouvrir le menu" }).press("Enter");
  const panel = page.getByRole("dialog", { name: "Navigation principale" });
  await expect(panel).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await panel.getByRole("link", { name: "Avis" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Avis clients", level: 1 })).toBeVisible();
  await expect(panel).toBeHidden();

  await page.setViewportSize({ width: 1280, height: 800 });
  const account = page.getByRole("button", { name: /^Mon compte :\s*Camille Martin/ });
  await account.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Paramètres" })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/settings\/teams$/);
});

test("an unknown path shows the 404 screen with a link home", async ({ page }) => {
  await page.goto("/nulle-part/ici");
  await expect(page.getByRole("heading", { name: "Page introuvable" })).toBeVisible();
  await page.getByRole("link", { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL(/\/login$/);
});
