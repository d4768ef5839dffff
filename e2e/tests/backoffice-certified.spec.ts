import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y";
import { linkOf, waitForMail } from "../support/mailbox";
import { signInWithTokens } from "../support/sign-in";
import { DEMO, type DemoApi, demoApi } from "./public-api";

/**
 * Certified means certified, in the built product: a review rejected with a reason from the
 * back-office (its author is told by e-mail; then no control changes it), a reply published under an
 * approved review and shown by the widget with the publication and experience dates, a doubt reported
 * with its reason (kept in the trail), the author withdrawing a review through the personal link of the
 * thanks e-mail, and the reviewed product archived instead of deleted, its published reviews still public.
 */

test.describe.configure({ mode: "serial" });

const REASON = "Données personnelles (adresse, téléphone, e-mail…) ou contenu publicitaire";

let demo: DemoApi;
let productId = "";
const stamp = Date.now();

async function submitReview(buyer: string, comment: string, rating: number) {
  const { reviewUrl } = await demo.createOrder(productId, buyer, new Date(Date.now() - 6 * 86_400_000));
  const key = new URL(reviewUrl).searchParams.get("api_key") ?? "";
  const res = await demo.api.post(`/api/v1/review/?api_key=${encodeURIComponent(key)}`, {
    data: { answers: { rating, comment } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function openReview(page: Page, comment: string) {
  await page.goto("/reviews");
  await page.getByPlaceholder("Rechercher dans les avis...").fill(comment);
  await page
    .getByRole("button", { name: /Léa Bernard/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Avis client" });
  await expect(dialog).toContainText(comment);
  return dialog;
}

test.beforeAll(async () => {
  demo = await demoApi();
  productId = await demo.createProduct(`Lampe certifiée ${stamp}`, await demo.defaultFormId());
});

test.afterAll(async () => {
  await demo?.dispose();
});

test("a rejection asks for the reason, the author is told it by e-mail, the dialog shows it", async ({
  page,
}) => {
  const buyer = `rejet-${stamp}@exemple.fr`;
  const comment = `Appelez-moi au 06 ${stamp}`;
  await submitReview(buyer, comment, 1);
  await signInWithTokens(page, DEMO);
  const dialog = await openReview(page, comment);
  await expect(dialog).toContainText(/Publication automatique le \d{1,2} \S+ \d{4}/);
  await dialog.getByRole("button", { name: "Rejeter" }).click();

  const reasons = page.getByRole("dialog", { name: "Rejeter l'avis" });
  await expect(reasons.getByRole("radio")).toHaveCount(5);
  await expect(reasons.getByRole("button", { name: "Rejeter l'avis" })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  // Keyboard: a reason is chosen with the space bar, then another one.
  const abusive = reasons.getByRole("radio", {
    name: "Propos injurieux, diffamatoires, discriminatoires ou contraires à la loi",
  });
  await abusive.focus();
  await page.keyboard.press("Space");
  await expect(abusive).toBeChecked();
  await expect(reasons.getByRole("button", { name: "Rejeter l'avis" })).toBeEnabled();
  await reasons.getByRole("radio", { name: REASON }).click();
  await expect(reasons.getByRole("radio", { name: REASON })).toBeChecked();
  await reasons.getByLabel("Précision (facultative)").fill("Numéro de téléphone");
  await reasons.getByRole("button", { name: "Rejeter l'avis" }).click();

  await expect(page.getByRole("region", { name: "Notifications" }).getByText("Avis rejeté")).toBeVisible();
  await expect(dialog).toContainText(`Motif du rejet : ${REASON} — Numéro de téléphone`);
  await expect(dialog.getByRole("region", { name: "Historique" })).toContainText("Avis rejeté");
  // Moderation is one-way: a rejected review offers no control to change its status.
  await expect(dialog.getByRole("button", { name: /Changer le statut/ })).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Valider l'avis" })).toHaveCount(0);

  const mail = await waitForMail({ to: buyer, subject: "n'a pas été publié" });
  expect(mail.text).toContain(`Motif : ${REASON}`);
  expect(mail.text).toContain("Précision : Numéro de téléphone");
});

test("a reply under an approved review, shown by the widget with both dates", async ({ page }) => {
  const buyer = `reponse-${stamp}@exemple.fr`;
  const comment = `Superbe lampe ${stamp}`;
  const reviewId = await submitReview(buyer, comment, 5);
  await demo.approve(reviewId);
  await signInWithTokens(page, DEMO);
  const dialog = await openReview(page, comment);
  const reply = dialog.getByLabel("Réponse publique");
  await reply.fill("Merci Léa, à bientôt !");
  await dialog.getByRole("button", { name: "Publier la réponse" }).click();
  await expect(
    page.getByRole("region", { name: "Notifications" }).getByText("Réponse publiée"),
  ).toBeVisible();
  await expect(dialog.getByRole("region", { name: "Historique" })).toContainText("Réponse publiée");
  await expectNoSeriousA11yViolations(page);

  // A doubt is reported with its reason (required), and the trail shows it.
  await dialog.getByRole("button", { name: "Signaler un doute" }).click();
  const report = page.getByRole("dialog", { name: "Signaler un doute" });
  await report.getByRole("button", { name: "Signaler" }).click();
  await expect(report.getByRole("alert")).toHaveText("Indiquez la raison du signalement.");
  await expect(report.getByLabel("Raison du signalement")).toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousA11yViolations(page);
  await report.getByLabel("Raison du signalement").fill("Même adresse que le vendeur");
  await report.getByRole("button", { name: "Signaler" }).click();
  await expect(report).toBeHidden();
  await expect(page.getByRole("region", { name: "Notifications" }).getByText("Doute signalé")).toBeVisible();
  await expect(dialog.getByRole("region", { name: "Historique" })).toContainText(
    "Doute signalé (Camille Martin) : Même adresse que le vendeur",
  );

  const mail = await waitForMail({ to: buyer, subject: "a répondu à votre avis" });
  expect(mail.text).toContain("Merci Léa, à bientôt !");

  await page.goto(`/widget?company_id=${demo.companyId}&product_id=${productId}`);
  const card = page.getByRole("article").filter({ hasText: comment });
  await expect(card).toContainText("Réponse de l'entreprise");
  await expect(card).toContainText("Merci Léa, à bientôt !");
  const today = new Intl.DateTimeFormat("fr-FR", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "Europe/Paris",
  });
  await expect(card).toContainText(`Publié le ${today.format(new Date())}`);
  await expect(card).toContainText(`Commande du ${today.format(new Date(Date.now() - 6 * 86_400_000))}`);
});

test("the author withdraws a review through the thanks e-mail's link; the back-office shows it read-only", async ({
  page,
}) => {
  const buyer = `retrait-${stamp}@exemple.fr`;
  const comment = `À retirer ${stamp}`;
  const reviewId = await submitReview(buyer, comment, 4);
  await demo.approve(reviewId);
  const thanks = await waitForMail({ to: buyer, subject: "Merci" });
  await page.goto(linkOf(thanks, "/create-reviews/retrait?token="));
  await expect(page.getByRole("heading", { name: "Retirer mon avis", level: 1 })).toBeVisible();
  await expect(page.getByText(comment)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Retirer mon avis" }).click();
  await expect(page.getByRole("status")).toHaveText("Votre avis a été retiré.");

  await page.goto(`/widget?company_id=${demo.companyId}&product_id=${productId}`);
  await expect(page.getByRole("article").filter({ hasText: comment })).toHaveCount(0);

  await signInWithTokens(page, DEMO);
  const dialog = await openReview(page, comment);
  await expect(dialog).toContainText("Retiré par l'auteur : cet avis ne peut plus être modéré.");
  await expect(dialog.getByRole("button", { name: /Changer le statut/ })).toHaveCount(0);
});

test("'Supprimer' on a product with reviews explains why and archives it; its published reviews stay public", async ({
  page,
}) => {
  const name = `Lampe certifiée ${stamp}`;
  await signInWithTokens(page, DEMO);
  await page.goto("/products");
  await page.getByPlaceholder("Rechercher un produit...").fill(name);
  const card = page
    .getByRole("list", { name: "Produits" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name, exact: true }) });
  await card.getByRole("button", { name: `Actions du produit ${name}` }).click();
  await page.getByRole("menuitem", { name: "Supprimer" }).click();
  const explained = page.getByRole("alertdialog", { name: "Ce produit ne peut pas être supprimé" });
  await expect(explained).toContainText(`« ${name} » a des avis : archivez-le plutôt.`);
  await expect(explained.getByRole("button", { name: "Supprimer" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await explained.getByRole("button", { name: "Archiver" }).click();
  await expect(
    page.getByRole("region", { name: "Notifications" }).getByText("Produit archivé"),
  ).toBeVisible();
  await expect(card.getByRole("button", { name: "Changer le statut (Archivé)" })).toBeVisible();

  // A limit asked for nowhere else: an answer computed now, not one cached before the archiving.
  const res = await demo.api.get(
    `/api/v1/public/reviews/?company_id=${demo.companyId}&product_id=${productId}&limit=7`,
  );
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { product: { name: string }; reviews: { comment: string | null }[] };
  expect(body.product.name).toBe(name);
  expect(body.reviews.map((r) => r.comment)).toContain(`Superbe lampe ${stamp}`);
});
