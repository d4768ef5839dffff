import { screen, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { countMails, linkPathOf, waitForMail } from "../support/mailbox";
import { renderApp } from "../support/render-app";
import { apiBaseUrl, recordApiCalls, seed } from "../support/test-api";

const SUBJECT = "Réinitialisation";

async function loginStatus(email: string, password: string) {
  const response = await fetch(`${apiBaseUrl}/auth/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

async function submitNewPassword(user: UserEvent, password: string, confirmation = password) {
  const fresh = screen.getByLabelText("Nouveau mot de passe");
  const confirm = screen.getByLabelText("Confirmer le mot de passe");
  await user.clear(fresh);
  await user.type(fresh, password);
  await user.clear(confirm);
  await user.type(confirm, confirmation);
  await user.click(screen.getByRole("button", { name: "Réinitialiser" }));
}

describe("forgot and reset password (real API)", () => {
  it("forgot password: required e-mail, then 'E-mail envoyé' and the mail with its link", async () => {
    const { user } = await seed.account();
    const keyboard = userEvent.setup();
    const calls = recordApiCalls();
    const before = await countMails(user.email, SUBJECT);
    renderApp("/forgot-password");
    await keyboard.click(await screen.findByRole("button", { name: "Envoyer le lien" }));
    expect(screen.getByLabelText("E-mail")).toHaveAccessibleDescription("Ce champ est requis.");
    expect(calls).toEqual([]);
    await keyboard.type(screen.getByLabelText("E-mail"), user.email);
    await keyboard.click(screen.getByRole("button", { name: "Envoyer le lien" }));
    expect(await screen.findByText("E-mail envoyé")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Retour à la connexion" })).toHaveAttribute("href", "/login");
    const mail = await waitForMail(user.email, SUBJECT, { after: before });
    expect(linkPathOf(mail, "/reset-password")).toMatch(/^\/reset-password\?token=/);
  });

  it("reset without a token: the invalid-link state and the toast 'Lien invalide'", async () => {
    renderApp("/reset-password");
    expect(await screen.findByRole("heading", { name: "Lien invalide" })).toBeInTheDocument();
    const region = within(screen.getByRole("region", { name: "Notifications" }));
    expect(await region.findByText("Lien invalide")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Demander un nouveau lien" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
  });

  it("reset from the mail's link: rules of spec §5, then success; the link works once", async () => {
    const { user } = await seed.account();
    const before = await countMails(user.email, SUBJECT);
    const asked = await fetch(`${apiBaseUrl}/auth/reset-password/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: user.email }),
    });
    expect(asked.status).toBe(204);
    const link = linkPathOf(await waitForMail(user.email, SUBJECT, { after: before }), "/reset-password");
    const keyboard = userEvent.setup();
    const calls = recordApiCalls();
    const app = renderApp(link);
    await screen.findByRole("heading", { name: "Réinitialiser le mot de passe" });

    await submitNewPassword(keyboard, "court");
    expect(screen.getByLabelText("Nouveau mot de passe")).toHaveAccessibleDescription(
      "Utilisez au moins 8 caractères.",
    );
    await submitNewPassword(keyboard, "nouveau-mot-de-passe", "autre-mot-de-passe");
    expect(screen.getByLabelText("Confirmer le mot de passe")).toHaveAccessibleDescription(
      "Les mots de passe ne correspondent pas.",
    );
    expect(calls).toEqual([]);

    await submitNewPassword(keyboard, "nouveau-mot-de-passe");
    expect(await screen.findByRole("heading", { name: "Mot de passe réinitialisé" })).toBeInTheDocument();
    expect(await loginStatus(user.email, "nouveau-mot-de-passe")).toBe(200);
    expect(await loginStatus(user.email, user.password)).toBe(400);
    app.unmount();

    renderApp(link);
    await screen.findByRole("heading", { name: "Réinitialiser le mot de passe" });
    await submitNewPassword(keyboard, "encore-un-autre");
    expect(
      await screen.findByText("Le lien de réinitialisation est invalide ou a expiré."),
    ).toBeInTheDocument();
    expect(await loginStatus(user.email, "encore-un-autre")).toBe(400);
  });
});
