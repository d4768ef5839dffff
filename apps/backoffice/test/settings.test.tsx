import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { currentPath, renderApp, renderSignedIn } from "./support/render-app";
import { seed, signIn } from "./support/test-api";

// The settings page: its tabs, each the home of one feature's tab (team, billing, company, integrations
// and webhooks, privacy, profile), tested in the file of that feature.

describe("settings: tabs (real API)", () => {
  it("/settings goes to /settings/teams; the four tabs of spec §2, Intégrations and Confidentialité link to their paths", async () => {
    const app = await renderSignedIn("/settings");
    await screen.findByRole("heading", { name: "Membres" });
    expect(currentPath(app)).toBe("/settings/teams");
    const tabs = within(screen.getByRole("navigation", { name: "Paramètres" })).getAllByRole("link");
    expect(tabs.map((l) => [l.textContent, l.getAttribute("href")])).toEqual([
      ["Équipe", "/settings/teams"],
      ["Abonnement", "/settings/subscription"],
      ["Entreprise", "/settings/company"],
      ["Intégrations", "/settings/integrations"],
      ["Confidentialité", "/settings/privacy"],
      ["Utilisateur", "/settings/user"],
    ]);
    expect(tabs[0]).toHaveAttribute("aria-current", "page");
  });

  it("shows the red dot on Équipe to an admin when a join request is pending, never to a moderator", async () => {
    const { company } = await seed.account({ plan: "EXPANSION" });
    if (!company) throw new Error("no company");
    await seed.joinRequests({ companyId: company.id, count: 1 });
    const admin = await seed.account({ companyId: company.id, role: "admin" });
    signIn(admin.user);
    const view = renderApp("/settings/teams");
    const teams = await screen.findByRole("link", { name: /^Équipe/ });
    await waitFor(() =>
      expect(within(teams).getByRole("img", { name: "Demandes d'adhésion en attente" })).toBeInTheDocument(),
    );
    view.unmount();
    localStorage.clear();
    const moderator = await seed.account({ companyId: company.id, role: "moderator" });
    signIn(moderator.user);
    renderApp("/settings/teams");
    await screen.findByRole("heading", { name: "Membres" });
    expect(within(screen.getByRole("link", { name: /^Équipe/ })).queryByRole("img")).toBeNull();
  });
});
