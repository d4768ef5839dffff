import { storageKeys } from "@certavis/api-client";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { currentPath, renderApp } from "../support/render-app";
import { recordApiCalls, seed } from "../support/test-api";

const notifications = () => within(screen.getByRole("region", { name: "Notifications" }));

async function fillLogin(email: string, password: string) {
  const user = userEvent.setup();
  await screen.findByRole("heading", { name: "Connexion" });
  if (email) await user.type(screen.getByLabelText("E-mail"), email);
  if (password) await user.type(screen.getByLabelText("Mot de passe"), password);
  await user.click(screen.getByRole("button", { name: "Se connecter" }));
}

describe("login (real API)", () => {
  it("shows 'Ce champ est requis.' under each empty field without calling the API", async () => {
    const calls = recordApiCalls();
    renderApp("/login");
    await fillLogin("", "");
    const email = screen.getByLabelText("E-mail");
    const password = screen.getByLabelText("Mot de passe");
    expect(email).toHaveAccessibleDescription("Ce champ est requis.");
    expect(password).toHaveAccessibleDescription("Ce champ est requis.");
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(calls).toEqual([]);
  });

  it("toasts 'Échec de connexion' with 'Identifiants invalides' on a wrong password, keeping what was typed", async () => {
    const { user } = await seed.account();
    renderApp("/login");
    await fillLogin(user.email, "pas-le-bon");
    expect(await notifications().findByText("Échec de connexion")).toBeInTheDocument();
    expect(notifications().getByText("Identifiants invalides")).toBeInTheDocument();
    expect(screen.getByLabelText("E-mail")).toHaveValue(user.email);
    expect(localStorage.getItem(storageKeys.access)).toBeNull();
  });

  it("toasts 'Connecté', keeps the tokens and goes back where the guard stopped the visitor", async () => {
    const { user } = await seed.account();
    const app = renderApp("/reviews?status=pending");
    await waitFor(() => expect(currentPath(app)).toBe("/login"));
    await fillLogin(user.email, user.password);
    expect(await notifications().findByText("Connecté")).toBeInTheDocument();
    await waitFor(() => expect(currentPath(app)).toBe("/reviews"));
    expect(app.router.state.location.search).toBe("?status=pending");
    expect(localStorage.getItem(storageKeys.access)).toBeTruthy();
    expect(localStorage.getItem(storageKeys.refresh)).toBeTruthy();
  });

  it.each([
    ["without a company", { role: null }, "/company-setup", "Configurer votre entreprise"],
    [
      "with an unconfirmed e-mail",
      { role: null, emailConfirmed: false },
      "/verify-email",
      "Vérifiez votre e-mail",
    ],
  ] as const)("goes to the right screen for a user %s", async (_case, account, path, heading) => {
    const { user } = await seed.account(account);
    const app = renderApp("/login");
    await fillLogin(user.email, user.password);
    expect(await screen.findByRole("heading", { name: heading })).toBeInTheDocument();
    expect(currentPath(app)).toBe(path);
  });

  it("is usable with the keyboard alone", async () => {
    const { user } = await seed.account();
    const keyboard = userEvent.setup();
    const app = renderApp("/login");
    await screen.findByRole("heading", { name: "Connexion" });
    await keyboard.tab();
    expect(screen.getByLabelText("E-mail")).toHaveFocus();
    await keyboard.keyboard(user.email);
    await keyboard.tab();
    expect(screen.getByLabelText("Mot de passe")).toHaveFocus();
    await keyboard.keyboard(`${user.password}{Enter}`);
    await waitFor(() => expect(currentPath(app)).toBe("/"));
  });

  it("links to /forgot-password and /register", async () => {
    renderApp("/login");
    expect(await screen.findByRole("link", { name: "Mot de passe oublié ?" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
    expect(screen.getByRole("link", { name: "Créer un compte" })).toHaveAttribute("href", "/register");
  });
});
