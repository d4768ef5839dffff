import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, onTestFinished } from "vitest";
import { setApiBaseUrl } from "../../src/lib/api-client";
import { currentPath, renderApp } from "../support/render-app";
import { apiAs, apiBaseUrl, recordApiCalls, seed, signIn } from "../support/test-api";

const notifications = () => within(screen.getByRole("region", { name: "Notifications" }));
const heading = () => screen.findByRole("heading", { name: "Configurer votre entreprise", level: 1 });
const keyboard = () => userEvent.setup({ delay: null });

async function inviteFrom(companyName: string, email: string, role = "moderator") {
  const { user: owner, company } = await seed.account({
    companyName,
    plan: "CROISSANCE",
    firstName: "Hugo",
    lastName: "Bernard",
  });
  const sent = await apiAs(owner, "/company/invites/", {
    method: "POST",
    body: JSON.stringify({ email, role }),
  });
  expect(sent.status).toBe(201);
  return company;
}

/** A user without company on /company-setup, the 'Rejoindre une entreprise' mode chosen. */
async function openJoinMode() {
  const { user } = await seed.account({ role: null });
  signIn(user);
  renderApp("/company-setup");
  await heading();
  const k = keyboard();
  await k.click(screen.getByRole("radio", { name: "Rejoindre une entreprise" }));
  return { user, k };
}

describe("company setup (real API)", () => {
  it("lists the invitations received (company, role, inviter, date): refuse one, accept the other → home", async () => {
    const seeded = await seed.account({ role: null });
    await inviteFrom("Fromagerie Alpes", seeded.user.email, "moderator");
    const joined = await inviteFrom("Cave du Port", seeded.user.email, "admin");
    signIn(seeded.user);
    const app = renderApp("/company-setup");
    await heading();
    const received = await screen.findByRole("heading", { name: "Invitations reçues" });
    const card = received.parentElement as HTMLElement;
    const refused = within(card).getByText("Fromagerie Alpes").closest("li") as HTMLElement;
    expect(refused).toHaveTextContent("Rôle : Modérateur");
    expect(refused).toHaveTextContent("Invité par Hugo Bernard");
    expect(refused).toHaveTextContent(/Reçue le \d{1,2} \S+ \d{4}/);

    await keyboard().click(within(refused).getByRole("button", { name: "Refuser" }));
    expect(await notifications().findByText("Invitation refusée")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Fromagerie Alpes")).not.toBeInTheDocument());

    const accepted = screen.getByText("Cave du Port").closest("li") as HTMLElement;
    await keyboard().click(within(accepted).getByRole("button", { name: "Accepter" }));
    await screen.findByRole("heading", { name: "Tableau de bord", level: 1 });
    expect(currentPath(app)).toBe("/");
    const me = await apiAs<{ company: string; role: string }>(seeded.user, "/users/me/");
    expect(me.body).toMatchObject({ company: joined?.id, role: "admin" });
  });

  it("create: name required, 'Continuer' creates the company, then the plan cards and 'Configurer plus tard' → home", async () => {
    const { user } = await seed.account({ role: null });
    signIn(user);
    const view = renderApp("/company-setup");
    await heading();
    // Sign-up's step counter, counted on from /register's account step.
    expect(screen.getByText("Étape 2 sur 3")).toBeInTheDocument();
    const k = keyboard();
    await k.click(screen.getByRole("button", { name: "Continuer" }));
    expect(screen.getByLabelText("Nom de l'entreprise")).toHaveAccessibleDescription(
      "Le nom de l'entreprise est requis.",
    );
    await k.type(screen.getByLabelText("Nom de l'entreprise"), "Savonnerie Martin");
    await k.click(screen.getByRole("button", { name: "Continuer" }));
    expect(await screen.findByRole("heading", { name: "Choisissez votre abonnement" })).toBeInTheDocument();
    expect(await notifications().findByText("Entreprise créée")).toBeInTheDocument();
    expect(screen.getByText("Étape 3 sur 3")).toBeInTheDocument();
    for (const plan of ["Lancement", "Croissance", "Expansion"])
      expect(await screen.findByRole("heading", { name: plan })).toBeInTheDocument();
    const company = await apiAs<{ name: string }>(user, "/company/");
    expect(company.body.name).toBe("Savonnerie Martin");

    await k.click(screen.getByRole("button", { name: "Configurer plus tard" }));
    await screen.findByRole("heading", { name: "Tableau de bord", level: 1 });
    expect(currentPath(view)).toBe("/");
  });

  it("search: nothing below 2 characters, one debounced call (300 ms), at most 5 results; ask, wait, cancel", async () => {
    const prefix = `Zeta${Date.now().toString(36)}`;
    for (let i = 1; i <= 7; i++) await seed.account({ companyName: `${prefix} Boutique ${i}` });
    const { user, k } = await openJoinMode();
    const calls = recordApiCalls();
    const search = screen.getByRole("searchbox", { name: "Rechercher une entreprise..." });
    await k.type(search, "Z");
    expect(screen.getByText("Saisissez au moins 2 caractères.")).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls.filter((c) => c.path === "/companies/")).toHaveLength(0);

    await k.type(search, prefix.slice(1));
    const results = await screen.findAllByRole("button", { name: "Demander à rejoindre" });
    expect(results).toHaveLength(5);
    expect(calls.filter((c) => c.path === "/companies/")).toHaveLength(1);

    const first = results[0]?.closest("li") as HTMLElement;
    const chosen = within(first).getByText(new RegExp(`^${prefix} Boutique`)).textContent ?? "";
    await k.click(within(first).getByRole("button", { name: "Demander à rejoindre" }));
    expect(await screen.findByRole("heading", { name: "Demande en attente" })).toBeInTheDocument();
    expect(screen.getByText(chosen)).toBeInTheDocument();
    expect(screen.getByText(/^Envoyée le /)).toBeInTheDocument();
    const pending = await apiAs<{ count: number }>(user, "/company/requests/");
    expect(pending.body.count).toBe(1);

    await k.click(screen.getByRole("button", { name: "Annuler" }));
    expect(await notifications().findByText("Demande annulée")).toBeInTheDocument();
    expect(await screen.findByRole("radio", { name: "Créer une entreprise" })).toBeInTheDocument();
    const after = await apiAs<{ count: number }>(user, "/company/requests/");
    expect(after.body.count).toBe(0);
  });

  it("says so when the search fails, and 'Réessayer' searches again", async () => {
    const name = `Theta${Date.now().toString(36)} Atelier`;
    await seed.account({ companyName: name });
    const { k } = await openJoinMode();
    // A real network failure: nothing listens on that port.
    setApiBaseUrl("http://127.0.0.1:9/api/v1");
    onTestFinished(() => setApiBaseUrl(apiBaseUrl));
    await k.type(screen.getByRole("searchbox", { name: "Rechercher une entreprise..." }), name);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Impossible de rechercher les entreprises pour le moment.",
    );
    setApiBaseUrl(apiBaseUrl);
    await k.click(screen.getByRole("button", { name: "Réessayer" }));
    expect(await screen.findByText(name)).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("opens on the waiting step when a join request is already pending", async () => {
    const { company } = await seed.account({ companyName: `Atelier ${Date.now().toString(36)}` });
    const { user } = await seed.account({ role: null });
    const asked = await apiAs(user, "/company/requests/", {
      method: "POST",
      body: JSON.stringify({ company_id: company?.id }),
    });
    expect(asked.status).toBe(201);
    signIn(user);
    renderApp("/company-setup");
    expect(await screen.findByRole("heading", { name: "Demande en attente" })).toBeInTheDocument();
    expect(screen.getByText(company?.name ?? "")).toBeInTheDocument();
  });
});
