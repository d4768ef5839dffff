import { type APIRequestContext, expect, type Page, request, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y";
import { codeOf, linkOf, waitForMail } from "../support/mailbox";
import { E2E_BASE_URL } from "../support/ports";
import { signInWithTokens } from "../support/sign-in";

/**
 * Settings journeys against the built product (real API, embedded PGlite, mails from the real SMTP server
 * of the run): the owner buys CROISSANCE through the sandbox checkout and sees plan and invoice, invites a
 * colleague by e-mail (who registers from the mail and joins), a join request is accepted with a role,
 * the password is changed and the new one signs in; then one browser session per role sees exactly
 * what spec §6 allows (and the role ceiling of ARCHITECTURE §10.11). axe on every tab; keyboard use.
 */

test.describe.configure({ mode: "serial" });

const PASSWORD = "motdepasse-solide";
const NEW_PASSWORD = "nouveau-secret-2";
const stamp = Date.now().toString(36);
const owner = { first: "Claire", last: "Martin", email: `claire-settings-${stamp}@exemple.fr` };
const invitee = { first: "Paul", last: "Durand", email: `paul-settings-${stamp}@exemple.fr` };
const requester = { first: "Léa", last: "Bernard", email: `lea-settings-${stamp}@exemple.fr` };
const companyName = `Atelier Réglages ${stamp}`;

let api: APIRequestContext;
test.beforeAll(async () => {
  api = await request.newContext({ baseURL: E2E_BASE_URL });
});
test.afterAll(async () => {
  await api.dispose();
});

const bearer = (access: string) => ({ Authorization: `Bearer ${access}` });

/** A confirmed account through the API (register, then the code of the mail); returns its access token. */
async function confirmedAccount(who: { first: string; last: string; email: string }): Promise<string> {
  const started = new Date();
  const registered = await api.post("/api/v1/auth/register/", {
    data: { email: who.email, password: PASSWORD, first_name: who.first, last_name: who.last },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { access } = (await registered.json()) as { access: string };
  const mail = await waitForMail({ to: who.email, subject: "code de vérification", after: started });
  const verified = await api.post("/api/v1/auth/verify-email/", {
    headers: bearer(access),
    data: { code: codeOf(mail) },
  });
  expect(verified.status(), await verified.text()).toBe(204);
  return access;
}

/** Signs the browser in by storing real tokens where the app reads them (login itself is covered elsewhere). */
const signInAs = (page: Page, email: string, password: string) => signInWithTokens(page, { email, password });

const notifications = (page: Page) => page.getByRole("region", { name: "Notifications" });
const tab = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Paramètres" }).getByRole("link", { name: new RegExp(`^${name}`) });

test("owner: buys CROISSANCE through the sandbox checkout, sees plan and invoice; axe and keyboard on each tab", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const access = await confirmedAccount(owner);
  const created = await api.post("/api/v1/company/", {
    headers: bearer(access),
    data: { name: companyName },
  });
  expect(created.status(), await created.text()).toBe(201);
  // The billing address a paid checkout needs (its dialog is walked through at registration).
  const address = await api.patch("/api/v1/company/", {
    headers: bearer(access),
    data: { billing_address: "4 rue des Potiers\n44000 Nantes" },
  });
  expect(address.status(), await address.text()).toBe(200);
  await signInAs(page, owner.email, PASSWORD);

  await page.goto("/settings");
  await expect(page).toHaveURL(/\/settings\/teams$/);
  await expect(page.getByRole("heading", { name: "Membres" })).toBeVisible();
  await expect(page.getByText("1 / 1 membre")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Keyboard only: from the Équipe tab, Tab reaches Abonnement and Enter opens it.
  await tab(page, "Équipe").focus();
  await page.keyboard.press("Tab");
  await expect(tab(page, "Abonnement")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/settings\/subscription$/);
  const current = page.getByRole("region", { name: "Plan actuel" });
  await expect(current).toContainText("Lancement");
  await expectNoSeriousA11yViolations(page);

  await page
    .getByRole("article", { name: "Croissance" })
    .getByRole("button", { name: "Choisir ce plan" })
    .click();
  await expect(page).toHaveURL(/\/billing\/sandbox\//);
  expect(await page.evaluate(() => localStorage.getItem("certavis.checkout_session_id"))).toBeTruthy();
  await page.getByRole("button", { name: "Payer" }).click();
  await expect(notifications(page).getByText("Abonnement mis à jour")).toBeVisible();
  await expect(page).not.toHaveURL(/checkout=/);

  await page.goto("/settings/subscription");
  await expect(current).toContainText("Croissance");
  await expect(current).toContainText("Actif");
  const invoices = page.getByRole("region", { name: "Factures", exact: true });
  await expect(invoices.getByRole("row")).toHaveCount(2);
  await expect(invoices.getByRole("row").nth(1)).toContainText("29,99 €");
  await expect(invoices.getByRole("row").nth(1)).toContainText("Croissance");
  await expectNoSeriousA11yViolations(page);

  // A lower plan from the end of the period: the dialog says when and what changes, the tab shows
  // the scheduled change and calls it off; on a 390 px phone too.
  const periodEnd = (await current.textContent())?.match(
    /Fin de la période en cours(\d{1,2} \S+ \d{4})/,
  )?.[1];
  expect(periodEnd).toBeTruthy();
  await page
    .getByRole("article", { name: "Lancement" })
    .getByRole("button", { name: "Passer à cette offre" })
    .click();
  const lower = page.getByRole("alertdialog", { name: "Passer à l'offre Lancement ?" });
  await expect(lower).toContainText(`Le ${periodEnd}, vous passerez à l'offre Lancement.`);
  await expect(lower.getByRole("listitem").first()).toHaveText("Produits : 50 → 3");
  await lower.getByRole("button", { name: "Programmer le changement" }).click();
  await expect(notifications(page).getByText("Changement d'offre programmé")).toBeVisible();
  await expect(current).toContainText(`Votre abonnement prendra fin le ${periodEnd}.`);

  await page.setViewportSize({ width: 390, height: 844 });
  const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  await expect(current.getByRole("button", { name: "Annuler ce changement" })).toBeInViewport();
  expect(await scrollWidth()).toBeLessThanOrEqual(390);
  await current.getByRole("button", { name: "Annuler ce changement" }).click();
  await expect(notifications(page).getByText("Changement annulé")).toBeVisible();
  await expect(current.getByRole("button", { name: "Résilier l'abonnement" })).toBeVisible();
  await page
    .getByRole("article", { name: "Lancement" })
    .getByRole("button", { name: "Passer à cette offre" })
    .click();
  await expect(lower).toBeVisible();
  const box = await lower.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await expect(lower.getByRole("button", { name: "Programmer le changement" })).toBeInViewport();
  expect(await scrollWidth()).toBeLessThanOrEqual(390);
  await lower.getByRole("button", { name: "Annuler" }).click();
  await expect(lower).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.goto("/settings/company");
  await expect(page.getByRole("textbox", { name: "Nom de l'entreprise" })).toHaveValue(companyName);
  await expect(page.getByRole("region", { name: "E-mails envoyés ce mois-ci" })).toContainText("/ 400");
  await expect(page.getByRole("button", { name: "Supprimer l'entreprise" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // Keyboard: type a website, Tab to 'Enregistrer' through the shop's country, the contact e-mail, the page address,
  // its switch, the store reviews' switch and the logo button, Enter saves.
  await page.getByRole("textbox", { name: "Site web" }).fill("atelier-reglages.fr");
  await page.getByRole("textbox", { name: "Site web" }).press("Tab");
  await expect(page.getByRole("textbox", { name: "Pays de la boutique" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("textbox", { name: "E-mail de contact" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("textbox", { name: "Adresse de votre page d'avis" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("switch", { name: "Publier la page d'avis de l'entreprise" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("switch", { name: "Avis sur la boutique" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Choisir une image" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Enregistrer" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(notifications(page).getByText("Entreprise mise à jour")).toBeVisible();
  await expect(page.getByRole("link", { name: "Ouvrir le site" })).toHaveAttribute(
    "href",
    "https://atelier-reglages.fr",
  );

  await page.goto("/settings/user");
  await expect(page.getByRole("region", { name: "Profil" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("owner invites a colleague by e-mail (keyboard only); the mail arrives, they register from it and join", async ({
  page,
  browser,
}) => {
  await signInAs(page, owner.email, PASSWORD);
  await page.goto("/settings/teams");
  const invitations = page.getByRole("region", { name: "Invitations" });
  await invitations.getByRole("textbox", { name: "E-mail" }).fill(invitee.email);
  await page.keyboard.press("Tab");
  await expect(invitations.getByRole("combobox", { name: "Rôle" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("option", { name: "Administrateur" })).toBeVisible();
  // The open list focuses the current role on its next frame: the keys go to it once it has.
  await expect(page.getByRole("option", { name: "Modérateur" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("option", { name: "Administrateur" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(invitations.getByRole("combobox", { name: "Rôle" })).toHaveText("Administrateur");
  // The select gives the focus back to its trigger once its list has closed: Tab from there.
  await expect(invitations.getByRole("combobox", { name: "Rôle" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(invitations.getByRole("button", { name: "Envoyer l'invitation" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(notifications(page).getByText("Invitation envoyée")).toBeVisible();
  await expect(invitations.getByRole("listitem").filter({ hasText: invitee.email })).toContainText(
    "Administrateur",
  );

  const mail = await waitForMail({ to: invitee.email, subject: "Invitation à rejoindre" });
  expect(mail.subject).toContain(companyName);

  const context = await browser.newContext();
  const paul = await context.newPage();
  const started = new Date();
  await paul.goto(linkOf(mail, "/register"));
  await paul.getByLabel("Prénom").fill(invitee.first);
  await paul.getByLabel("Nom", { exact: true }).fill(invitee.last);
  await paul.getByLabel("E-mail", { exact: true }).fill(invitee.email);
  await paul.getByLabel("Mot de passe").fill(PASSWORD);
  await paul.getByRole("button", { name: "Créer mon compte" }).click();
  const code = await waitForMail({ to: invitee.email, subject: "code de vérification", after: started });
  await paul.getByLabel("Code de vérification").fill(codeOf(code));
  await paul.getByRole("button", { name: "Vérifier le code" }).click();
  await expect(paul.getByText(companyName)).toBeVisible();
  await paul.getByRole("button", { name: "Rejoindre", exact: true }).click();
  await expect(paul.getByRole("heading", { name: "Tableau de bord", level: 1 })).toBeVisible();
  await context.close();

  await page.reload();
  const members = page.getByRole("region", { name: "Membres" });
  await expect(members.getByRole("combobox", { name: "Rôle de Paul Durand" })).toHaveText("Administrateur");
});

test("admin: the red dot on Équipe, a join request accepted with a role", async ({ page }) => {
  const access = await confirmedAccount(requester);
  const company = (await (
    await api.get(`/api/v1/companies/?search=${encodeURIComponent(companyName)}`, { headers: bearer(access) })
  ).json()) as { results: { id: string }[] };
  const asked = await api.post("/api/v1/company/requests/", {
    headers: bearer(access),
    data: { company_id: company.results[0]?.id },
  });
  expect(asked.status(), await asked.text()).toBe(201);

  await signInAs(page, invitee.email, PASSWORD);
  await page.goto("/settings/teams");
  await expect(
    tab(page, "Équipe").getByRole("img", { name: "Demandes d'adhésion en attente" }),
  ).toBeVisible();
  const requests = page.getByRole("region", { name: "Demandes d'adhésion" });
  await requests.getByRole("combobox", { name: "Rôle attribué à Léa Bernard" }).click();
  await page.getByRole("option", { name: "Modérateur" }).click();
  await requests.getByRole("button", { name: "Accepter la demande de Léa Bernard" }).click();
  await expect(notifications(page).getByText("Demande acceptée")).toBeVisible();
  await expect(requests.getByText("Aucune demande en attente")).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Membres" }).getByRole("combobox", { name: "Rôle de Léa Bernard" }),
  ).toHaveText("Modérateur");
  await expect(tab(page, "Équipe").getByRole("img")).toHaveCount(0);
});

test("owner changes the password: the old one is refused, the new one signs in", async ({ page }) => {
  await signInAs(page, owner.email, PASSWORD);
  await page.goto("/settings/user");
  const form = page.getByRole("region", { name: "Mot de passe" });
  await form.getByLabel("Mot de passe actuel", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Nouveau mot de passe", { exact: true }).fill("court");
  await form.getByLabel("Confirmer le nouveau mot de passe").fill("court");
  await form.getByRole("button", { name: "Modifier le mot de passe" }).click();
  await expect(form.getByText("Utilisez au moins 8 caractères.")).toBeVisible();
  await form.getByLabel("Nouveau mot de passe", { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel("Confirmer le nouveau mot de passe").fill(NEW_PASSWORD);
  await form.getByRole("button", { name: "Modifier le mot de passe" }).click();
  await expect(notifications(page).getByText("Mot de passe mis à jour")).toBeVisible();

  await page.getByRole("button", { name: /^Mon compte/ }).click();
  await page.getByRole("menuitem", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("E-mail", { exact: true }).fill(owner.email);
  await page.getByLabel("Mot de passe").fill(PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(notifications(page).getByText("Identifiants invalides")).toBeVisible();
  await page.getByLabel("Mot de passe").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("heading", { name: "Tableau de bord", level: 1 })).toBeVisible();
});

/** What each role sees on the settings tabs (spec §6; invitation roles capped by ARCHITECTURE §10.11). */
const ROLE_VIEWS = {
  owner: {
    invite: ["Modérateur", "Administrateur", "Manager", "Comptable"],
    changeRole: true,
    requests: true,
    subscription: true,
    apiKey: true,
    nameEditable: true,
    danger: "Supprimer l'entreprise",
  },
  admin: {
    invite: ["Modérateur", "Administrateur", "Manager", "Comptable"],
    changeRole: true,
    requests: true,
    subscription: true,
    apiKey: true,
    nameEditable: true,
    danger: "Quitter l'entreprise",
  },
  manager: {
    invite: null,
    changeRole: true,
    requests: true,
    subscription: false,
    apiKey: true,
    nameEditable: true,
    danger: "Quitter l'entreprise",
  },
  moderator: {
    invite: ["Modérateur", "Comptable"],
    changeRole: false,
    requests: false,
    subscription: false,
    apiKey: false,
    nameEditable: false,
    danger: "Quitter l'entreprise",
  },
  accoutant: {
    invite: null,
    changeRole: false,
    requests: false,
    subscription: true,
    apiKey: false,
    nameEditable: false,
    danger: "Quitter l'entreprise",
  },
  member: {
    invite: null,
    changeRole: false,
    requests: false,
    subscription: false,
    apiKey: false,
    nameEditable: false,
    danger: "Quitter l'entreprise",
  },
} as const;

test.describe("each role sees exactly what spec §6 allows", () => {
  const accounts: Record<string, { email: string }> = {};
  let target = "";

  test.beforeAll(async () => {
    // A second company on EXPANSION (no member limit), one account per role, joined by invitation code.
    const boss = { first: "Rose", last: "Lemaire", email: `rose-roles-${stamp}@exemple.fr` };
    const bossAccess = await confirmedAccount(boss);
    accounts.owner = boss;
    const company = await api.post("/api/v1/company/", {
      headers: bearer(bossAccess),
      data: { name: `Rôles ${stamp}` },
    });
    expect(company.status()).toBe(201);
    const address = await api.patch("/api/v1/company/", {
      headers: bearer(bossAccess),
      data: { billing_address: "4 rue des Potiers\n44000 Nantes" },
    });
    expect(address.status()).toBe(200);
    const checkout = await api.post("/api/v1/company/subscription/checkout-session/", {
      headers: bearer(bossAccess),
      data: {
        subscription_type: "EXPANSION",
        success_url: `${E2E_BASE_URL}/?checkout=success`,
        cancel_url: `${E2E_BASE_URL}/?checkout=cancel`,
      },
    });
    const { id } = (await checkout.json()) as { id: string };
    const paid = await api.post(`/api/v1/billing/sandbox/${id}/complete/`, { maxRedirects: 0 });
    expect(paid.status()).toBe(303);
    for (const role of ["admin", "manager", "moderator", "accoutant", "member"] as const) {
      const who = { first: "Membre", last: role, email: `${role}-roles-${stamp}@exemple.fr` };
      const sent = await api.post("/api/v1/company/invites/", {
        headers: bearer(bossAccess),
        data: { email: who.email, role },
      });
      expect(sent.status(), await sent.text()).toBe(201);
      const access = await confirmedAccount(who);
      const invitation = await waitForMail({ to: who.email, subject: "Invitation à rejoindre" });
      const invitationCode = invitation.text.match(/code d'invitation : (\S+)/)?.[1] ?? "";
      const joined = await api.post(`/api/v1/company/invites/${encodeURIComponent(invitationCode)}/accept/`, {
        headers: bearer(access),
      });
      expect(joined.status(), await joined.text()).toBe(200);
      accounts[role] = who;
    }
    target = "Membre member";
  });

  for (const [role, view] of Object.entries(ROLE_VIEWS)) {
    test(`${role}`, async ({ page }) => {
      const who = accounts[role];
      if (!who) throw new Error(`no ${role} account`);
      await signInAs(page, who.email, PASSWORD);

      await page.goto("/settings/teams");
      const members = page.getByRole("region", { name: "Membres" });
      await expect(members.getByText("Rose Lemaire")).toBeVisible();
      const invitations = page.getByRole("region", { name: "Invitations" });
      if (view.invite) {
        await invitations.getByRole("combobox", { name: "Rôle" }).click();
        await expect(page.getByRole("option")).toHaveText([...view.invite]);
        await page.keyboard.press("Escape");
      } else {
        await expect(page.getByRole("textbox", { name: "E-mail" })).toHaveCount(0);
      }
      const changeRole = members.getByRole("combobox", { name: `Rôle de ${target}` });
      const remove = members.getByRole("button", { name: `Retirer ${target}` });
      await expect(changeRole).toHaveCount(view.changeRole ? 1 : 0);
      await expect(remove).toHaveCount(view.changeRole ? 1 : 0);
      // Nobody changes or removes a member of equal or higher rank: the manager has no control on the admin.
      const onAdmin = role === "owner" ? 1 : 0;
      if (role !== "admin") {
        await expect(members.getByRole("combobox", { name: "Rôle de Membre admin" })).toHaveCount(onAdmin);
        await expect(members.getByRole("button", { name: "Retirer Membre admin" })).toHaveCount(onAdmin);
      }
      if (view.changeRole) {
        await changeRole.click();
        const offered =
          role === "manager" ? ["Membre", "Modérateur"] : ["Membre", "Modérateur", "Administrateur"];
        await expect(page.getByRole("option", { disabled: false })).toHaveText(offered);
        await page.keyboard.press("Escape");
      }
      await expect(page.getByRole("region", { name: "Demandes d'adhésion" })).toHaveCount(
        view.requests ? 1 : 0,
      );

      await tab(page, "Abonnement").click();
      if (view.subscription) {
        await expect(page.getByRole("region", { name: "Plan actuel" })).toContainText("Expansion");
        await expect(page.getByRole("region", { name: "Factures", exact: true })).toContainText("79,99 €");
      } else {
        await expect(page.getByRole("heading", { name: "Accès restreint" })).toBeVisible();
        await expect(
          page.getByText("Seuls les administrateurs et comptables peuvent gérer l'abonnement."),
        ).toBeVisible();
        await expect(page.getByRole("article", { name: "Croissance" })).toHaveCount(0);
        if (role === "member") await expectNoSeriousA11yViolations(page);
      }

      await tab(page, "Entreprise").click();
      const name = page.getByRole("textbox", { name: "Nom de l'entreprise" });
      await expect(name).toHaveValue(`Rôles ${stamp}`);
      if (view.nameEditable) await expect(name).toBeEnabled();
      else await expect(name).toBeDisabled();
      await expect(page.getByRole("region", { name: "Clé API" })).toHaveCount(view.apiKey ? 1 : 0);
      const danger = page.getByRole("region", { name: "Zone de danger" });
      await expect(danger.getByRole("button")).toHaveText([view.danger]);

      await tab(page, "Utilisateur").click();
      await expect(
        page.getByRole("region", { name: "Profil" }).getByRole("textbox", { name: "E-mail" }),
      ).toHaveValue(who.email);

      // The moderation trail's CSV holds personal data: owner, admin and manager only.
      await page.goto("/reviews");
      await expect(page.getByRole("heading", { name: "Avis clients", level: 1 })).toBeVisible();
      await expect(page.getByRole("button", { name: "Exporter le journal (CSV)" })).toHaveCount(
        ["owner", "admin", "manager"].includes(role) ? 1 : 0,
      );
    });
  }
});
