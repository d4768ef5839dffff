import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { currentPath, renderApp, renderSignedIn } from "./support/render-app";
import { apiAs, apiBaseUrl, seed, signIn } from "./support/test-api";

const region = (name: string) => screen.findByRole("region", { name });

async function login(email: string, password: string) {
  const response = await fetch(`${apiBaseUrl}/auth/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

describe("settings: Utilisateur (real API)", () => {
  it("saves the profile only once something changed; a new e-mail waits for its link", async () => {
    await renderSignedIn("/settings/user", { firstName: "Claire", lastName: "Martin" });
    const user = userEvent.setup();
    const profile = await region("Profil");
    const save = within(profile).getByRole("button", { name: "Enregistrer" });
    expect(save).toBeDisabled();
    const first = within(profile).getByRole("textbox", { name: "Prénom" });
    await user.type(first, "x");
    expect(save).toBeEnabled();
    await user.type(first, "{Backspace}");
    expect(save).toBeDisabled();
    const email = within(profile).getByRole("textbox", { name: "E-mail" });
    await user.clear(email);
    await user.type(email, "claire.nouvelle@exemple.fr");
    await user.click(save);
    await screen.findByText("Profil mis à jour");
    expect(
      await within(await region("Profil")).findByText(
        "Un lien de confirmation a été envoyé à claire.nouvelle@exemple.fr. Votre e-mail changera après confirmation.",
      ),
    ).toBeInTheDocument();
  });

  it("'Alertes par e-mail': négatifs seulement by default, a choice is saved at once; none for a moderator", async () => {
    const app = await renderSignedIn("/settings/user");
    const user = userEvent.setup();
    const alerts = await region("Alertes par e-mail");
    expect(within(alerts).getByRole("radio", { name: "Avis négatifs seulement" })).toBeChecked();
    await user.click(within(alerts).getByRole("radio", { name: "Aucune" }));
    await screen.findByText("Alertes mises à jour");
    const me = await apiAs<{ email_alerts: string }>(app.user, "/users/me/");
    expect(me.body.email_alerts).toBe("none");
    app.unmount();

    await renderSignedIn("/settings/user", { role: "moderator", companyId: app.company?.id });
    await region("Profil");
    expect(screen.queryByRole("region", { name: "Alertes par e-mail" })).toBeNull();
  });

  it.each<[[string, string, string], string, string]>([
    [["", "nouveau-secret", "nouveau-secret"], "Mot de passe requis", "Indiquez votre mot de passe actuel."],
    [["x", "court", "court"], "Mot de passe trop court", "Utilisez au moins 8 caractères."],
    [
      ["x", "nouveau-secret", "autre-secret"],
      "Confirmation invalide",
      "Les mots de passe ne correspondent pas.",
    ],
  ])("password change %j: '%s' / '%s'", async ([current, next, confirmation], title, description) => {
    await renderSignedIn("/settings/user");
    const user = userEvent.setup();
    const form = await region("Mot de passe");
    if (current) await user.type(within(form).getByLabelText("Mot de passe actuel"), current);
    await user.type(within(form).getByLabelText("Nouveau mot de passe"), next);
    await user.type(within(form).getByLabelText("Confirmer le nouveau mot de passe"), confirmation);
    await user.click(within(form).getByRole("button", { name: "Modifier le mot de passe" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(description);
    expect(await screen.findByText(title)).toBeInTheDocument();
  });

  it("changes the password: the old one is refused at sign-in, the new one works, the session stays", async () => {
    const app = await renderSignedIn("/settings/user", { password: "ancien-secret" });
    const user = userEvent.setup();
    const form = await region("Mot de passe");
    await user.type(within(form).getByLabelText("Mot de passe actuel"), "pas-le-bon");
    await user.type(within(form).getByLabelText("Nouveau mot de passe"), "nouveau-secret");
    await user.type(within(form).getByLabelText("Confirmer le nouveau mot de passe"), "nouveau-secret");
    await user.click(within(form).getByRole("button", { name: "Modifier le mot de passe" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("Le mot de passe actuel est incorrect.");
    await user.clear(within(form).getByLabelText("Mot de passe actuel"));
    await user.type(within(form).getByLabelText("Mot de passe actuel"), "ancien-secret");
    await user.click(within(form).getByRole("button", { name: "Modifier le mot de passe" }));
    await screen.findByText("Mot de passe mis à jour");
    expect(await login(app.user.email, "ancien-secret")).toBe(400);
    expect(await login(app.user.email, "nouveau-secret")).toBe(200);
    // This session got fresh tokens: it still reads the API.
    await user.click(screen.getByRole("link", { name: "Entreprise" }));
    expect(await screen.findByRole("region", { name: "Entreprise" })).toBeInTheDocument();
  });

  it("deletes the account with the password and signs out to /login", async () => {
    const owner = await seed.account();
    const member = await seed.account({
      companyId: owner.company?.id ?? "",
      role: "member",
      password: "mon-secret",
    });
    signIn(member.user);
    const app = renderApp("/settings/user");
    const user = userEvent.setup();
    const card = await region("Supprimer mon compte");
    await user.click(within(card).getByRole("button", { name: "Supprimer mon compte" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Supprimer votre compte ?" });
    await user.type(within(dialog).getByLabelText("Mot de passe"), "faux");
    await user.click(within(dialog).getByRole("button", { name: "Supprimer définitivement" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Mot de passe incorrect.");
    await user.clear(within(dialog).getByLabelText("Mot de passe"));
    await user.type(within(dialog).getByLabelText("Mot de passe"), "mon-secret");
    await user.click(within(dialog).getByRole("button", { name: "Supprimer définitivement" }));
    await waitFor(() => expect(currentPath(app)).toBe("/login"));
    expect(await login(member.user.email, "mon-secret")).toBe(400);
  });
});
