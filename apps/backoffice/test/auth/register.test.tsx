import { storageKeys } from "@certavis/api-client";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { codeOf, waitForMail } from "../support/mailbox";
import { currentPath, renderApp } from "../support/render-app";
import { apiAs, implemented, recordApiCalls, seed } from "../support/test-api";

const needsCompanies = !implemented("companyCreate") || !implemented("companyInvitesCreate");
const notifications = () => within(screen.getByRole("region", { name: "Notifications" }));
let counter = 0;
const newEmail = (who: string) => `${who}-${Date.now().toString(36)}-${++counter}@exemple.fr`;

async function fillAccount(user: UserEvent, email: string, password = "motdepasse-solide") {
  await user.type(await screen.findByLabelText("Prénom"), "Claire");
  await user.type(screen.getByLabelText("Nom"), "Martin");
  await user.type(screen.getByLabelText("E-mail"), email);
  await user.type(screen.getByLabelText("Mot de passe"), password);
  await user.click(screen.getByRole("button", { name: "Créer mon compte" }));
}

/** Step 1 done: the account exists and the e-mail is confirmed with the mailed code. */
async function registerAndVerify(user: UserEvent, email: string) {
  await fillAccount(user, email);
  const field = await screen.findByLabelText("Code de vérification");
  const mail = await waitForMail(email, "code de vérification");
  await user.type(field, codeOf(mail));
  await user.click(screen.getByRole("button", { name: "Vérifier le code" }));
  await screen.findByText("Étape 2 sur 3");
}

describe("registration in 3 steps (real API)", () => {
  it("checks step 1 before sending, then shows the server's field errors under the inputs", async () => {
    const { user: existing } = await seed.account();
    const user = userEvent.setup({ delay: null });
    const calls = recordApiCalls();
    renderApp("/register");
    expect(await screen.findByText("Étape 1 sur 3")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Créer mon compte" }));
    for (const label of ["Prénom", "Nom", "E-mail"])
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription("Ce champ est requis.");
    expect(calls).toEqual([]);

    await fillAccount(user, existing.email, "court");
    expect(screen.getByLabelText("Mot de passe")).toHaveAccessibleDescription(
      expect.stringContaining("Utilisez au moins 8 caractères."),
    );
    expect(calls).toEqual([]);

    await user.type(screen.getByLabelText("Mot de passe"), "-mais-plus-long");
    await user.click(screen.getByRole("button", { name: "Créer mon compte" }));
    await waitFor(() =>
      expect(screen.getByLabelText("E-mail")).toHaveAccessibleDescription(
        "Un utilisateur avec cette adresse e-mail existe déjà.",
      ),
    );
    expect(screen.getByText("Étape 1 sur 3")).toBeInTheDocument();
  });

  it.skipIf(needsCompanies)(
    "account → mailed code → company (invites checked, then held for a plan with room) → plan later → dashboard",
    async () => {
      const user = userEvent.setup({ delay: null });
      const email = newEmail("claire");
      const invited = newEmail("paul");
      const app = renderApp("/register");
      await registerAndVerify(user, email);
      expect(localStorage.getItem(storageKeys.access)).toBeTruthy();

      // Company name required; invite rows validated (pattern, duplicates) before anything is created.
      await user.click(screen.getByRole("button", { name: "Continuer" }));
      expect(screen.getByLabelText("Nom de l'entreprise")).toHaveAccessibleDescription(
        "Le nom de l'entreprise est requis.",
      );
      await user.type(screen.getByLabelText("Nom de l'entreprise"), "Maison Lumière");
      for (let i = 0; i < 3; i++)
        await user.click(screen.getByRole("button", { name: "Ajouter une invitation" }));
      await user.type(screen.getByLabelText("E-mail du collaborateur 1"), "pas-un-email");
      await user.type(screen.getByLabelText("E-mail du collaborateur 2"), invited);
      await user.type(screen.getByLabelText("E-mail du collaborateur 3"), invited.toUpperCase());
      await user.click(screen.getByRole("button", { name: "Continuer" }));
      expect(screen.getByLabelText("E-mail du collaborateur 1")).toHaveAccessibleDescription(
        "Veuillez saisir un email valide",
      );
      expect(screen.getByLabelText("E-mail du collaborateur 3")).toHaveAccessibleDescription(
        "Cet e-mail est déjà dans la liste des invitations.",
      );
      const me = await apiAs<{ company: string | null }>(
        { access: localStorage.getItem(storageKeys.access) ?? "" },
        "/users/me/",
      );
      expect(me.body.company).toBeNull();

      // A new company is on LANCEMENT (1 member): step 2 says so, and the invites wait for a plan with room.
      expect(
        screen.getByText(
          "Le plan gratuit Lancement compte un seul membre : vos invitations sont gardées et partiront dès que vous choisirez un plan Croissance ou Expansion à l'étape suivante.",
        ),
      ).toBeInTheDocument();
      await user.clear(screen.getByLabelText("E-mail du collaborateur 3"));
      await user.type(screen.getByLabelText("E-mail du collaborateur 3"), newEmail("lea"));
      await user.clear(screen.getByLabelText("E-mail du collaborateur 1"));
      await user.click(screen.getByRole("combobox", { name: "Rôle 2" }));
      await user.click(await screen.findByRole("option", { name: "Administrateur" }));
      await user.click(screen.getByRole("button", { name: "Continuer" }));

      expect(await screen.findByText("Étape 3 sur 3", {}, { timeout: 10_000 })).toBeInTheDocument();
      expect(notifications().queryByText(/Impossible d'envoyer certaines invitations/)).toBeNull();
      const access = { access: localStorage.getItem(storageKeys.access) ?? "" };
      const company = await apiAs<{ name: string }>(access, "/company/");
      expect(company.body.name).toBe("Maison Lumière");
      const invites = await apiAs<{ results: { status: string }[] }>(access, "/company/invites/");
      expect(invites.body.results.map((invite) => invite.status)).toEqual(["held", "held"]);

      // Step 3: the three plans of GET /company/subscription/, and 'Configurer plus tard'.
      for (const plan of ["Lancement", "Croissance", "Expansion"])
        expect(await screen.findByRole("heading", { name: plan })).toBeInTheDocument();
      await user.click(screen.getByRole("button", { name: "Configurer plus tard" }));
      await screen.findByRole("heading", { name: "Tableau de bord", level: 1 });
      expect(currentPath(app)).toBe("/");
    },
    40_000,
  );

  it.skipIf(needsCompanies)("'Ignorer les invitations' drops the rows and creates the company", async () => {
    const user = userEvent.setup({ delay: null });
    const email = newEmail("ignore");
    renderApp("/register");
    await registerAndVerify(user, email);
    await user.type(screen.getByLabelText("Nom de l'entreprise"), "Sans invités");
    await user.click(screen.getByRole("button", { name: "Ajouter une invitation" }));
    await user.type(screen.getByLabelText("E-mail du collaborateur 1"), "pas-un-email");
    await user.click(screen.getByRole("button", { name: "Ignorer les invitations" }));
    expect(await screen.findByText("Étape 3 sur 3", {}, { timeout: 10_000 })).toBeInTheDocument();
    const access = { access: localStorage.getItem(storageKeys.access) ?? "" };
    const company = await apiAs<{ name: string }>(access, "/company/");
    expect(company.body.name).toBe("Sans invités");
    const invites = await apiAs<{ count: number }>(access, "/company/invites/");
    expect(invites.body.count).toBe(0);
  });

  it.skipIf(needsCompanies || !implemented("companyInvitesAccept"))(
    "joins with the invitation received at the new e-mail (no code needed), or with the mailed code",
    async () => {
      const { user: owner, company } = await seed.account({
        companyName: "Atelier Bois",
        plan: "CROISSANCE",
      });
      if (!company) throw new Error("company expected");
      const user = userEvent.setup({ delay: null });
      const invited = newEmail("invitee");
      const sent = await apiAs(owner, "/company/invites/", {
        method: "POST",
        body: JSON.stringify({ email: invited, role: "moderator" }),
      });
      expect(sent.status).toBe(201);

      const app = renderApp("/register");
      await registerAndVerify(user, invited);
      expect(screen.getByRole("radio", { name: "Rejoindre une entreprise" })).toBeChecked();
      expect(screen.getByText(/Atelier Bois/)).toBeInTheDocument();
      await user.click(screen.getByRole("button", { name: "Rejoindre" }));
      await screen.findByRole("heading", { name: "Tableau de bord", level: 1 });
      expect(currentPath(app)).toBe("/");
      const me = await apiAs<{ company: string; role: string }>(
        { access: localStorage.getItem(storageKeys.access) ?? "" },
        "/users/me/",
      );
      expect(me.body).toMatchObject({ company: company.id, role: "moderator" });
      app.unmount();
      localStorage.clear();

      // Someone else, registering with another address, joins with the code of the invitation mail.
      const addressed = newEmail("boite-partagee");
      await apiAs(owner, "/company/invites/", {
        method: "POST",
        body: JSON.stringify({ email: addressed, role: "admin" }),
      });
      const code = (await waitForMail(addressed, "Invitation à rejoindre")).text.match(
        /code d'invitation : (\S+)/,
      )?.[1];
      expect(code).toBeTruthy();
      const again = renderApp("/register");
      await registerAndVerify(user, newEmail("autre-adresse"));
      await user.click(screen.getByRole("radio", { name: "Rejoindre une entreprise" }));
      await user.click(screen.getByRole("button", { name: "Rejoindre" }));
      expect(screen.getByLabelText("Code d'invitation")).toHaveAccessibleDescription("Ce champ est requis.");
      await user.type(screen.getByLabelText("Code d'invitation"), `  ${code}  `);
      await user.click(screen.getByRole("button", { name: "Rejoindre" }));
      await screen.findByRole("heading", { name: "Tableau de bord", level: 1 });
      expect(currentPath(again)).toBe("/");
    },
    40_000,
  );
});
