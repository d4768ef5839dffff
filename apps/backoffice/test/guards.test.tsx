import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { type Handler, startApiServer } from "./support/api-server";
import { companyFixture, userFixture } from "./support/fixtures";
import { renderApp } from "./support/render-app";

let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function signIn() {
  localStorage.setItem("certavis.access", "access-1");
  localStorage.setItem("certavis.refresh", "refresh-1");
}

async function serve(routes: Record<string, Handler>) {
  server = await startApiServer({
    "GET /company/": () => [200, companyFixture()],
    "GET /company/requests/": () => [200, { count: 0, next: null, previous: null, results: [] }],
    ...routes,
  });
  return server;
}

const path = (app: ReturnType<typeof renderApp>) => app.router.state.location.pathname;

describe("route guards", () => {
  it("sends a visitor without a token to /login, carrying the origin", async () => {
    await serve({});
    const app = renderApp("/reviews?x=1");
    await screen.findByRole("heading", { name: "Connexion" });
    expect(path(app)).toBe("/login");
    expect((app.router.state.location.state as { from: { pathname: string } }).from.pathname).toBe(
      "/reviews",
    );
    expect(server?.requests).toHaveLength(0);
  });

  it("shows 'Chargement…' while the current user loads", async () => {
    signIn();
    let release: (() => void) | undefined;
    await serve({
      "GET /users/me/": () =>
        new Promise((resolve) => {
          release = () => resolve([200, userFixture()]);
        }),
    });
    renderApp("/");
    expect(await screen.findByText("Chargement…")).toBeInTheDocument();
    await waitFor(() => expect(release).toBeDefined());
    release?.();
    await screen.findByRole("heading", { name: "Tableau de bord", level: 1 });
  });

  it("forces /verify-email while the e-mail is not confirmed", async () => {
    signIn();
    await serve({ "GET /users/me/": () => [200, userFixture({ email_confirmed: false, company: null })] });
    const app = renderApp("/reviews");
    await screen.findByRole("heading", { name: "Vérifiez votre email" });
    expect(path(app)).toBe("/verify-email");
  });

  it("forces /company-setup without a company", async () => {
    signIn();
    await serve({
      "GET /users/me/": () => [200, userFixture({ company: null, role: null })],
      "GET /company/invites/": () => [200, { count: 0, next: null, previous: null, results: [] }],
    });
    const app = renderApp("/");
    await screen.findByRole("heading", { name: "Configurer votre entreprise" });
    expect(path(app)).toBe("/company-setup");
  });

  it("goes to /company-setup on the 403 'Vous n'appartenez à aucune entreprise.'", async () => {
    signIn();
    await serve({
      "GET /users/me/": () => [200, userFixture()],
      "GET /company/": () => [403, { detail: "Vous n'appartenez a aucune entreprise." }],
      "GET /company/invites/": () => [200, []],
    });
    const app = renderApp("/");
    await waitFor(() => expect(path(app)).toBe("/company-setup"));
  });

  it("sends signed-in users away from /login and /register", async () => {
    signIn();
    await serve({ "GET /users/me/": () => [200, userFixture()] });
    const app = renderApp("/register");
    await screen.findByRole("heading", { name: "Tableau de bord", level: 1 });
    expect(path(app)).toBe("/");
  });

  it("sends a confirmed user from /verify-email, and a user with a company from /company-setup, to /", async () => {
    signIn();
    await serve({ "GET /users/me/": () => [200, userFixture()] });
    const first = renderApp("/verify-email");
    await waitFor(() => expect(path(first)).toBe("/"));
    first.unmount();
    const second = renderApp("/company-setup");
    await waitFor(() => expect(path(second)).toBe("/"));
  });

  it("refreshes once on a 401 and replays the call; a failed refresh clears the tokens and goes to /login", async () => {
    signIn();
    let refreshes = 0;
    await serve({
      "GET /users/me/": (req) =>
        req.headers.authorization === "Bearer access-2"
          ? [200, userFixture()]
          : [401, { detail: "Jeton expiré." }],
      "POST /auth/refresh/": (req) => {
        refreshes += 1;
        return (req.body as { refresh: string }).refresh === "refresh-1"
          ? [200, { access: "access-2", refresh: "refresh-2" }]
          : [401, { detail: "Jeton invalide." }];
      },
    });
    const app = renderApp("/");
    await screen.findByRole("heading", { name: "Tableau de bord", level: 1 });
    expect(refreshes).toBe(1);
    expect(localStorage.getItem("certavis.refresh")).toBe("refresh-2");
    app.unmount();

    localStorage.setItem("certavis.access", "stale");
    localStorage.setItem("certavis.refresh", "revoked");
    const again = renderApp("/reviews");
    await waitFor(() => expect(path(again)).toBe("/login"));
    expect(localStorage.getItem("certavis.access")).toBeNull();
  });

  it("shows the 404 screen with a link home, and /settings leads to /settings/teams", async () => {
    await serve({});
    renderApp("/nowhere/at-all");
    expect(await screen.findByRole("heading", { name: "Page introuvable" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Retour à l'accueil" })).toHaveAttribute("href", "/");
  });
});
