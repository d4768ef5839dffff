import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y";
import { codeOf, linkOf, waitForMail } from "../support/mailbox";

/**
 * Back-office account journeys against the built product (real API, embedded PGlite, mails read from the
 * real SMTP server of the run): registration in 3 steps with the code from the mail, the invitation
 * typed at step 2 sent once the paid plan is chosen and accepted by a new account, login errors, logout, password reset from the mail's link, route guards,
 * company setup (join request, cancel, create, plan).
 */

test.describe.configure({ mode: "serial" });

const PASSWORD = "motdepasse-solide";
const stamp = Date.now().toString(36);
const owner = { first: "Claire", last: "Martin", email: `claire-${stamp}@exemple.fr` };
const invitee = { first: "Paul", last: "Durand", email: `paul-${stamp}@exemple.fr` };
const companyName = `Maison Lumière ${stamp}`;

async function fillAccount(page: Page, who: { first: string; last: string; email: string }) {
  await page.getByLabel("Prénom").fill(who.first);
  await page.getByLabel("Nom", { exact: true }).fill(who.last);
  await page.getByLabel("E-mail", { exact: true }).fill(who.email);
  await page.getByLabel("Mot de passe").fill(PASSWORD);
}

async function verifyWithMailedCode(page: Page, email: string, after: Date) {
  const mail = await waitForMail({ to: email, subject: "code de vérification", after });
  await page.getByLabel("Code de vérification").fill(codeOf(mail).toLowerCase());
  await expect(page.getByLabel("Code de vérification")).toHaveValue(codeOf(mail));
  await page.getByRole("button", { name: "Vérifier le code" }).click();
}

async function login(page: Page, email: string, password: string) {
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Mot de passe").fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

async function logout(page: Page) {
  await page.getByRole("button", { name: /^Mon compte/ }).click();
  await page.getByRole("menuitem", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The 'Choisir ce plan' button of a plan card. */
function planButton(page: Page, plan: string) {
  return page.getByRole("article", { name: plan }).getByRole("button", { name: "Choisir ce plan" });
}

const dashboard = (page: Page) => page.getByRole("heading", { name: "Tableau de bord", level: 1 });

test("register in 3 steps: account, code from the mail, company (invites), paid plan through the checkout → dashboard", async ({
  page,
}) => {
  await page.goto("/register");
  await expect(page.getByText("Étape 1 sur 3")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Required fields are checked before anything is sent.
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page.getByText("Ce champ est requis.").first()).toBeVisible();

  const started = new Date();
  await fillAccount(page, owner);
  await page.getByRole("button", { name: "Créer mon compte" }).click();

  // The code was mailed at registration: asking again at once is throttled (one per minute).
  await expect(page.getByLabel("Code de vérification")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Renvoyer le code" }).click();
  await expect(page.getByText("Veuillez attendre 1 minute avant de renvoyer un nouvel email.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Renvoyer le code dans \d+ s/ })).toBeDisabled();

  // A wrong code keeps the user on the step with the spec's message.
  await page.getByLabel("Code de vérification").fill("000000");
  await page.getByRole("button", { name: "Vérifier le code" }).click();
  await expect(page.getByText("Le code est invalide ou expiré.")).toBeVisible();

  await verifyWithMailedCode(page, owner.email, started);
  await expect(page.getByText("Étape 2 sur 3")).toBeVisible();

  await page.getByLabel("Nom de l'entreprise").fill(companyName);
  await page.getByRole("button", { name: "Ajouter une invitation" }).click();
  await page.getByLabel("E-mail du collaborateur 1").fill("pas-un-email");
  await page.getByRole("button", { name: "Continuer" }).click();
  await expect(page.getByText("Veuillez saisir un email valide")).toBeVisible();
  await page.getByLabel("E-mail du collaborateur 1").fill(invitee.email);
  await page.getByRole("combobox", { name: "Rôle 1" }).click();
  await page.getByRole("option", { name: "Modérateur" }).click();
  // The new company is on the free plan (1 member): step 2 says so; the invite waits for a plan with room.
  await expect(page.getByText(/Le plan gratuit Lancement compte un seul membre/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Continuer" }).click();

  await expect(page.getByText("Étape 3 sur 3")).toBeVisible();
  const region = page.getByRole("region", { name: "Notifications" });
  await expect(region.getByText(/Impossible d'envoyer certaines invitations/)).toHaveCount(0);
  for (const plan of ["Lancement", "Croissance", "Expansion"])
    await expect(page.getByRole("heading", { name: plan })).toBeVisible();
  await expect(page.getByRole("button", { name: "Configurer plus tard" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A paid plan: the checkout page (local sandbox), the session id kept, back on the dashboard.
  await planButton(page, "Croissance").click();
  // No invoice without a billing address: asked before the first paid checkout.
  const billing = page.getByRole("dialog", { name: "Adresse de facturation" });
  await billing.getByLabel("Adresse de facturation").fill("4 rue des Potiers\n44000 Nantes");
  await billing.getByLabel("SIREN (facultatif)").fill("732 829 320");
  await billing.getByRole("button", { name: "Continuer vers le paiement" }).click();
  await expect(page).toHaveURL(/\/billing\/sandbox\//);
  const kept = await page.evaluate(() => localStorage.getItem("certavis.checkout_session_id"));
  expect(kept).toBeTruthy();
  expect(page.url()).toContain(kept ?? "no-session");
  await page.getByRole("button", { name: "Payer" }).click();
  await expect(dashboard(page)).toBeVisible();
  await expect(page).not.toHaveURL(/checkout=/);
  await logout(page);
});

test("the invitation typed at sign-up leaves once the paid plan is chosen: the invited person registers from the mail and joins", async ({
  page,
}) => {
  const mail = await waitForMail({ to: invitee.email, subject: "Invitation à rejoindre" });
  expect(mail.subject).toContain(companyName);
  const started = new Date();
  await page.goto(linkOf(mail, "/register"));
  await fillAccount(page, invitee);
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await verifyWithMailedCode(page, invitee.email, started);

  // The invitation received at this e-mail is offered: joining needs no code.
  await expect(page.getByRole("radio", { name: "Rejoindre une entreprise" })).toBeChecked();
  await expect(page.getByText(companyName)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Rejoindre", exact: true }).click();
  await expect(dashboard(page)).toBeVisible();
  await logout(page);
});

test("login: required fields, wrong password toast, success toast and the guarded origin", async ({
  page,
}) => {
  await page.goto("/reviews?status=pending");
  await expect(page).toHaveURL(/\/login$/);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByText("Ce champ est requis.")).toHaveCount(2);

  await login(page, owner.email, "mauvais-mot-de-passe");
  const region = page.getByRole("region", { name: "Notifications" });
  await expect(region.getByText("Échec de connexion")).toBeVisible();
  await expect(region.getByText("Identifiants invalides")).toBeVisible();

  await page.getByLabel("Mot de passe").fill(PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(region.getByText("Connecté")).toBeVisible();
  await expect(page).toHaveURL(/\/reviews\?status=pending$/);

  // Signed in: /login and /register lead home.
  await page.goto("/login");
  await expect(dashboard(page)).toBeVisible();
  await page.goto("/register");
  await expect(dashboard(page)).toBeVisible();
  await logout(page);

  // Signed out: the app is closed again.
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
});

test("login with the keyboard only", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Connexion" })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("E-mail", { exact: true })).toBeFocused();
  await page.keyboard.type(owner.email);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Mot de passe")).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press("Enter");
  await expect(dashboard(page)).toBeVisible();
  await logout(page);
});

test("a 401 mid-session renews the tokens silently; a refused renewal leads to /login", async ({ page }) => {
  await page.goto("/login");
  await login(page, invitee.email, PASSWORD);
  await expect(dashboard(page)).toBeVisible();
  const refreshBefore = await page.evaluate(() => localStorage.getItem("certavis.refresh"));
  await page.evaluate(() => localStorage.setItem("certavis.access", "jeton-expire"));

  await page.getByRole("link", { name: "Avis", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Avis clients", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/reviews$/);
  // The page heading can paint before the page's first API call has met the 401 and renewed the tokens.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("certavis.access")))
    .not.toBe("jeton-expire");
  expect(await page.evaluate(() => localStorage.getItem("certavis.refresh"))).not.toBe(refreshBefore);

  await page.evaluate(() => {
    localStorage.setItem("certavis.access", "jeton-expire");
    localStorage.setItem("certavis.refresh", "jeton-revoque");
  });
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem("certavis.access"))).toBeNull();
});

test("forgot password → link from the mail → new password → login with it", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("link", { name: "Mot de passe oublié ?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectNoSeriousA11yViolations(page);
  const started = new Date();
  await page.getByLabel("E-mail", { exact: true }).fill(owner.email);
  await page.getByRole("button", { name: "Envoyer le lien" }).click();
  await expect(page.getByText("E-mail envoyé")).toBeVisible();

  const mail = await waitForMail({ to: owner.email, subject: "Réinitialisation", after: started });
  const link = linkOf(mail, "/reset-password?token=");

  await page.goto("/reset-password");
  await expect(page.getByRole("heading", { name: "Lien invalide" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Réinitialiser le mot de passe" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("Nouveau mot de passe").fill("court");
  await page.getByLabel("Confirmer le mot de passe").fill("court");
  await page.getByRole("button", { name: "Réinitialiser" }).click();
  await expect(page.getByText("Utilisez au moins 8 caractères.")).toBeVisible();
  await page.getByLabel("Nouveau mot de passe").fill("nouveau-mot-de-passe");
  await page.getByLabel("Confirmer le mot de passe").fill("autre-chose-encore");
  await page.getByRole("button", { name: "Réinitialiser" }).click();
  await expect(page.getByText("Les mots de passe ne correspondent pas.")).toBeVisible();
  await page.getByLabel("Confirmer le mot de passe").fill("nouveau-mot-de-passe");
  await page.getByRole("button", { name: "Réinitialiser" }).click();
  await expect(page.getByRole("heading", { name: "Mot de passe réinitialisé" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The link is single use.
  await page.goto(link);
  await page.getByLabel("Nouveau mot de passe").fill("encore-un-autre");
  await page.getByLabel("Confirmer le mot de passe").fill("encore-un-autre");
  await page.getByRole("button", { name: "Réinitialiser" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "invalide" })).toBeVisible();

  await page.goto("/login");
  await login(page, owner.email, PASSWORD);
  await expect(page.getByText("Identifiants invalides")).toBeVisible();
  await login(page, owner.email, "nouveau-mot-de-passe");
  await expect(dashboard(page)).toBeVisible();
  await logout(page);
});

test("e-mail change confirmation: invalid link, refused token with 'Réessayer'", async ({ page }) => {
  await page.goto("/confirm-email-change");
  await expect(page.getByRole("heading", { name: "Lien invalide" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto("/confirm-email-change?token=inconnu");
  await expect(page.getByText("Le lien de confirmation est invalide ou a expiré.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Réessayer" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("guards and company setup: verify from the mail's link, ask to join, cancel, create, plan later", async ({
  page,
}) => {
  const loner = { first: "Inès", last: "Moreau", email: `ines-${stamp}@exemple.fr` };
  const started = new Date();
  await page.goto("/register");
  await fillAccount(page, loner);
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page.getByLabel("Code de vérification")).toBeVisible();

  // Leaving registration before verifying: every signed-in page leads to /verify-email.
  await page.goto("/reviews");
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByRole("heading", { name: "Vérifiez votre e-mail" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The mail's link carries the code: it is sent at once, then no company → /company-setup.
  const mail = await waitForMail({ to: loner.email, subject: "code de vérification", after: started });
  await page.goto(linkOf(mail, "/verify-email?code="));
  await expect(page).toHaveURL(/\/company-setup$/);
  await expect(page.getByRole("heading", { name: "Configurer votre entreprise" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The floating profile menu and its dialog, with the keyboard.
  await page.getByRole("button", { name: "Menu du profil" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menu")).toContainText(loner.email);
  // Opened from the keyboard, the menu focuses its first item.
  await expect(page.getByRole("menuitem", { name: "Modifier le profil" })).toBeFocused();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Mon profil" });
  await expect(dialog.getByLabel("Prénom")).toHaveValue(loner.first);
  await expect(dialog.getByRole("button", { name: "Enregistrer" })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // Join: search (≥ 2 characters), ask, wait, cancel.
  await page.getByRole("radio", { name: "Rejoindre une entreprise" }).click();
  const search = page.getByRole("searchbox", { name: "Rechercher une entreprise..." });
  await search.fill("M");
  await expect(page.getByText("Saisissez au moins 2 caractères.")).toBeVisible();
  await search.fill(companyName);
  const result = page.getByRole("listitem").filter({ hasText: companyName });
  await expect(result).toBeVisible();
  await result.getByRole("button", { name: "Demander à rejoindre" }).click();
  await expect(page.getByRole("heading", { name: "Demande en attente" })).toBeVisible();
  await expect(page.getByText(companyName)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Annuler" }).click();
  await expect(page.getByRole("radio", { name: "Créer une entreprise" })).toBeVisible();

  // Create: the plan cards, 'Configurer plus tard' goes home.
  await page.getByRole("radio", { name: "Créer une entreprise" }).click();
  await page.getByRole("button", { name: "Continuer" }).click();
  await expect(page.getByText("Le nom de l'entreprise est requis.")).toBeVisible();
  await page.getByLabel("Nom de l'entreprise").fill(`Atelier ${stamp}`);
  await page.getByRole("button", { name: "Continuer" }).click();
  await expect(page.getByRole("heading", { name: "Choisissez votre abonnement" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Croissance" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Configurer plus tard" }).click();
  await expect(dashboard(page)).toBeVisible();

  // With a company, /company-setup and /verify-email lead home.
  await page.goto("/company-setup");
  await expect(dashboard(page)).toBeVisible();
  await page.goto("/verify-email");
  await expect(dashboard(page)).toBeVisible();
});
