import { storageKeys } from "@certavis/api-client";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { waitForMail } from "../support/mailbox";
import { currentPath, renderApp } from "../support/render-app";
import { apiAs, apiBaseUrl, seed, signIn } from "../support/test-api";

const keyboard = () => userEvent.setup({ delay: null });
const notifications = () => within(screen.getByRole("region", { name: "Notifications" }));

async function openSetupAs(input: { firstName: string; lastName: string }) {
  const seeded = await seed.account({ role: null, ...input });
  signIn(seeded.user);
  const app = renderApp("/company-setup");
  await screen.findByRole("heading", { name: "Configurer votre entreprise", level: 1 });
  return { ...seeded, app };
}

async function openProfileDialog() {
  const k = keyboard();
  await k.click(await screen.findByRole("button", { name: /^Menu du profil/ }));
  await k.click(await screen.findByRole("menuitem", { name: "Modifier le profil" }));
  return screen.findByRole("dialog", { name: "Mon profil" });
}

describe("company setup: floating profile menu (real API)", () => {
  it("shows the initials, the name and the e-mail, and opens with the keyboard", async () => {
    const { user } = await openSetupAs({ firstName: "Élise", lastName: "Roux" });
    const trigger = await screen.findByRole("button", { name: /^Menu du profil/ });
    expect(trigger).toHaveTextContent(/ÉRÉlise Roux/);
    expect(trigger).toHaveTextContent("Élise Roux");
    trigger.focus();
    await keyboard().keyboard("{Enter}");
    const menu = await screen.findByRole("menu");
    expect(menu).toHaveTextContent(user.email);
    expect(within(menu).getByRole("menuitem", { name: "Modifier le profil" })).toBeInTheDocument();
    expect(within(menu).getByRole("menuitem", { name: "Se déconnecter" })).toBeInTheDocument();
  });

  it("'Se déconnecter' clears the tokens, revokes the session and goes to /login", async () => {
    const { user, app } = await openSetupAs({ firstName: "Marc", lastName: "Petit" });
    const k = keyboard();
    await k.click(await screen.findByRole("button", { name: /^Menu du profil/ }));
    await k.click(await screen.findByRole("menuitem", { name: "Se déconnecter" }));
    await screen.findByRole("heading", { name: "Connexion" });
    expect(currentPath(app)).toBe("/login");
    expect(localStorage.getItem(storageKeys.access)).toBeNull();
    await waitFor(async () => {
      const refresh = await fetch(`${apiBaseUrl}/auth/refresh/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ refresh: user.refresh }),
      });
      expect(refresh.status).toBe(401);
    });
  });

  it("profile dialog: 'Enregistrer' only once something changed; names saved; a new e-mail waits for its link", async () => {
    const { user } = await openSetupAs({ firstName: "Nina", lastName: "Blanc" });
    const dialog = await openProfileDialog();
    const k = keyboard();
    const save = within(dialog).getByRole("button", { name: "Enregistrer" });
    expect(save).toBeDisabled();
    expect(within(dialog).getByLabelText("Prénom")).toHaveValue("Nina");
    expect(within(dialog).getByLabelText("E-mail")).toHaveValue(user.email);

    await k.clear(within(dialog).getByLabelText("Prénom"));
    await k.click(save);
    await waitFor(() =>
      expect(within(dialog).getByLabelText("Prénom")).toHaveAccessibleDescription(
        "Ce champ ne peut être vide.",
      ),
    );

    await k.type(within(dialog).getByLabelText("Prénom"), "Ninon");
    const next = `ninon-${Date.now().toString(36)}@exemple.fr`;
    await k.clear(within(dialog).getByLabelText("E-mail"));
    await k.type(within(dialog).getByLabelText("E-mail"), next);
    await k.click(save);
    // The dialog closes (while it is open, the rest of the page is hidden from assistive technologies).
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await notifications().findByText("Profil mis à jour")).toBeInTheDocument();
    expect(
      notifications().getByText(new RegExp(`Un lien de confirmation a été envoyé à ${next}`)),
    ).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: /^Menu du profil/ })).toHaveTextContent("Ninon Blanc");

    const me = await apiAs<{ first_name: string; email: string; pending_email: string }>(user, "/users/me/");
    expect(me.body).toMatchObject({ first_name: "Ninon", email: user.email, pending_email: next });
    await waitForMail(next, "nouvelle adresse");
  });

  it("'Annuler' closes the dialog without saving", async () => {
    const { user } = await openSetupAs({ firstName: "Léo", lastName: "Garnier" });
    const dialog = await openProfileDialog();
    const k = keyboard();
    await k.type(within(dialog).getByLabelText("Nom"), "-Durand");
    await k.click(within(dialog).getByRole("button", { name: "Annuler" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const me = await apiAs<{ last_name: string }>(user, "/users/me/");
    expect(me.body.last_name).toBe("Garnier");
  });

  it("account deletion asks for the password: a wrong one is refused under the field, the right one deletes", async () => {
    const { user, app } = await openSetupAs({ firstName: "Yann", lastName: "Morel" });
    const dialog = await openProfileDialog();
    const k = keyboard();
    await k.click(within(dialog).getByRole("button", { name: "Supprimer mon compte" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Supprimer votre compte ?" });
    await k.click(within(confirm).getByRole("button", { name: "Supprimer définitivement" }));
    expect(within(confirm).getByLabelText("Mot de passe")).toHaveAccessibleDescription(
      "Indiquez votre mot de passe actuel.",
    );
    await k.type(within(confirm).getByLabelText("Mot de passe"), "pas-le-bon");
    await k.click(within(confirm).getByRole("button", { name: "Supprimer définitivement" }));
    await waitFor(() =>
      expect(within(confirm).getByLabelText("Mot de passe")).toHaveAccessibleDescription(
        "Mot de passe incorrect.",
      ),
    );

    await k.clear(within(confirm).getByLabelText("Mot de passe"));
    await k.type(within(confirm).getByLabelText("Mot de passe"), user.password);
    await k.click(within(confirm).getByRole("button", { name: "Supprimer définitivement" }));
    await screen.findByRole("heading", { name: "Connexion" });
    expect(currentPath(app)).toBe("/login");
    expect(localStorage.getItem(storageKeys.access)).toBeNull();
    const login = await fetch(`${apiBaseUrl}/auth/login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(login.status).toBe(400);
  });
});
