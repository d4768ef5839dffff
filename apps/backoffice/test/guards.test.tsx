import { storageKeys } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { getMe } from "../src/lib/api/get-me";
import { currentPath, renderApp, renderSignedIn, testQueryClient } from "./support/render-app";
import { recordApiCalls, seed, signIn } from "./support/test-api";

const dashboardHeading = () => screen.findByRole("heading", { name: "Tableau de bord", level: 1 });

describe("route guards (real API)", () => {
  it("sends a visitor without a token to /login, carrying the origin, without calling the API", async () => {
    const calls = recordApiCalls();
    const app = renderApp("/reviews?x=1");
    await screen.findByRole("heading", { name: "Connexion" });
    expect(currentPath(app)).toBe("/login");
    const state = app.router.state.location.state as { from: { pathname: string; search: string } };
    expect(state.from).toMatchObject({ pathname: "/reviews", search: "?x=1" });
    expect(calls).toEqual([]);
  });

  it("shows 'Chargement…' while the current user loads, then the app", async () => {
    await renderSignedIn("/");
    // Seen once is the proof: by the next microtask the user may have arrived and the screen gone.
    await screen.findByText("Chargement…");
    await dashboardHeading();
    expect(screen.queryByText("Chargement…")).not.toBeInTheDocument();
  });

  it("forces /verify-email while the e-mail is not confirmed", async () => {
    const app = await renderSignedIn("/reviews", { role: null, emailConfirmed: false });
    await screen.findByRole("heading", { name: "Vérifiez votre e-mail" });
    expect(currentPath(app)).toBe("/verify-email");
  });

  it("forces /company-setup without a company", async () => {
    const app = await renderSignedIn("/", { role: null });
    await screen.findByRole("heading", { name: "Configurer votre entreprise" });
    expect(currentPath(app)).toBe("/company-setup");
  });

  it("goes to /company-setup on the 403 'Vous n'appartenez à aucune entreprise.' (removed from the company meanwhile)", async () => {
    const { user } = await seed.account({ role: "member" });
    signIn(user);
    const client = testQueryClient();
    client.setQueryData(queryKeys.me, await getMe());
    await seed.removeMembership(user.id);
    const app = renderApp("/", client);
    await waitFor(() => expect(currentPath(app)).toBe("/company-setup"));
  });

  it("sends signed-in users away from /login and /register", async () => {
    const app = await renderSignedIn("/register");
    await dashboardHeading();
    expect(currentPath(app)).toBe("/");
    app.unmount();
    const again = renderApp("/login");
    await dashboardHeading();
    expect(currentPath(again)).toBe("/");
  });

  it("sends a confirmed user from /verify-email, and a user with a company from /company-setup, to /", async () => {
    const first = await renderSignedIn("/verify-email");
    await waitFor(() => expect(currentPath(first)).toBe("/"));
    first.unmount();
    const second = renderApp("/company-setup");
    await waitFor(() => expect(currentPath(second)).toBe("/"));
  });

  it("refreshes once on a 401 and replays the call; a failed refresh clears the tokens and goes to /login", async () => {
    const { user } = await seed.account();
    localStorage.setItem(storageKeys.access, "expired-or-forged");
    localStorage.setItem(storageKeys.refresh, user.refresh);
    const calls = recordApiCalls();
    const app = renderApp("/");
    await dashboardHeading();
    expect(calls.filter((c) => c.path === "/auth/refresh/")).toHaveLength(1);
    expect(localStorage.getItem(storageKeys.access)).not.toBe("expired-or-forged");
    app.unmount();

    localStorage.setItem(storageKeys.access, "expired-or-forged");
    localStorage.setItem(storageKeys.refresh, "revoked");
    const again = renderApp("/reviews");
    await waitFor(() => expect(currentPath(again)).toBe("/login"));
    expect(localStorage.getItem(storageKeys.access)).toBeNull();
  });

  it("shows the 404 screen with a link home for an unknown path", async () => {
    renderApp("/nowhere/at-all");
    expect(await screen.findByRole("heading", { name: "Page introuvable" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Retour à l'accueil" })).toHaveAttribute("href", "/");
  });

  it("leads /settings to /settings/teams", async () => {
    const app = await renderSignedIn("/settings");
    await waitFor(() => expect(currentPath(app)).toBe("/settings/teams"));
  });
});
