import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { codeOf, countMails, waitForMail } from "../support/mailbox";
import { currentPath, renderApp } from "../support/render-app";
import { apiAs, recordApiCalls, seed, signIn } from "../support/test-api";

const SUBJECT = "code de vérification";

/** A signed-in user whose e-mail is not confirmed yet, and a code mailed to them now. */
async function unconfirmedUserWithCode() {
  const { user } = await seed.account({ role: null, emailConfirmed: false });
  const before = await countMails(user.email, SUBJECT);
  const resent = await apiAs(user, "/auth/resend-email-code/", { method: "POST" });
  expect(resent.status).toBe(204);
  const code = codeOf(await waitForMail(user.email, SUBJECT, { after: before }));
  signIn(user);
  return { user, code };
}

describe("verify e-mail (real API)", () => {
  it("keeps hex characters only, upper-cased, at most 6; 'Vérifier le code' needs exactly 6", async () => {
    const { user } = await seed.account({ role: null, emailConfirmed: false });
    signIn(user);
    const keyboard = userEvent.setup();
    renderApp("/verify-email");
    const field = await screen.findByLabelText("Code de vérification");
    expect(screen.getByText(`Nous avons envoyé un code à 6 caractères à ${user.email}.`)).toBeInTheDocument();
    // The sign-up's counter goes on here (the account step ends with the code), as on /register.
    expect(screen.getByText("Étape 1 sur 3")).toBeInTheDocument();
    await keyboard.type(field, "a-b 1g2z");
    expect(field).toHaveValue("AB12");
    expect(screen.getByRole("button", { name: "Vérifier le code" })).toBeDisabled();
    await keyboard.type(field, "cdef99");
    expect(field).toHaveValue("AB12CD");
    expect(screen.getByRole("button", { name: "Vérifier le code" })).toBeEnabled();
    // A pasted code is trimmed before its length counts (the field does not cut it at 6 characters).
    await keyboard.clear(field);
    await keyboard.paste("  ab12cd \n");
    expect(field).toHaveValue("AB12CD");
    expect(screen.getByRole("button", { name: "Vérifier le code" })).toBeEnabled();
  });

  it("shows 'Le code est invalide ou expiré.' under the field for a wrong code", async () => {
    const { code } = await unconfirmedUserWithCode();
    const wrong = code === "000000" ? "111111" : "000000";
    const keyboard = userEvent.setup();
    const app = renderApp("/verify-email");
    await keyboard.type(await screen.findByLabelText("Code de vérification"), wrong);
    await keyboard.click(screen.getByRole("button", { name: "Vérifier le code" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Code de vérification")).toHaveAccessibleDescription(
        "Le code est invalide ou expiré.",
      ),
    );
    expect(currentPath(app)).toBe("/verify-email");
  });

  it("submits a 6-character code from the URL at once, then goes on (no company → /company-setup)", async () => {
    const { user, code } = await unconfirmedUserWithCode();
    const calls = recordApiCalls();
    const app = renderApp(`/verify-email?code=${code.toLowerCase()}`);
    await screen.findByRole("heading", { name: "Configurer votre entreprise" });
    expect(currentPath(app)).toBe("/company-setup");
    // The same counter as /register's, not one of its own that starts again.
    expect(screen.getByText("Étape 2 sur 3")).toBeInTheDocument();
    expect(calls.filter((c) => c.path === "/auth/verify-email/")).toHaveLength(1);
    const me = await apiAs<{ email_confirmed: boolean }>(user, "/users/me/");
    expect(me.body.email_confirmed).toBe(true);
  });

  it("does not submit an incomplete code from the URL", async () => {
    const { code } = await unconfirmedUserWithCode();
    const calls = recordApiCalls();
    renderApp(`/verify-email?code=${code.slice(0, 5)}`);
    expect(await screen.findByLabelText("Code de vérification")).toHaveValue(code.slice(0, 5));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls.filter((c) => c.path === "/auth/verify-email/")).toHaveLength(0);
  });

  it("resend: toast 'Un nouveau code vous a été envoyé.' and a 60 s countdown; the new code is mailed", async () => {
    const { user } = await seed.account({ role: null, emailConfirmed: false });
    signIn(user);
    const keyboard = userEvent.setup();
    const before = await countMails(user.email, SUBJECT);
    renderApp("/verify-email");
    await keyboard.click(await screen.findByRole("button", { name: "Renvoyer le code" }));
    expect(await screen.findByText("Un nouveau code vous a été envoyé.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^Renvoyer le code dans (60|59) s$/ })).toBeDisabled();
    await waitForMail(user.email, SUBJECT, { after: before });
  });

  it("resend asked too soon (429): 'Veuillez attendre 1 minute avant de renvoyer un nouvel email.' with the countdown", async () => {
    const { user } = await seed.account({ role: null, emailConfirmed: false });
    // Another tab (or the registration) asked less than a minute ago.
    expect((await apiAs(user, "/auth/resend-email-code/", { method: "POST" })).status).toBe(204);
    signIn(user);
    renderApp("/verify-email");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Renvoyer le code" }));
    expect(
      await screen.findByText("Veuillez attendre 1 minute avant de renvoyer un nouvel email."),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^Renvoyer le code dans (60|59) s$/ })).toBeDisabled();
  });

  it("'Retour à la connexion' signs out", async () => {
    const { user } = await seed.account({ role: null, emailConfirmed: false });
    signIn(user);
    const app = renderApp("/verify-email");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Retour à la connexion" }));
    await screen.findByRole("heading", { name: "Connexion" });
    expect(currentPath(app)).toBe("/login");
    expect(localStorage.getItem("certavis.access")).toBeNull();
  });
});
