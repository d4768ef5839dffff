import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp, renderSignedIn } from "./support/render-app";
import { apiAs, seed, signIn } from "./support/test-api";

interface MemberBody {
  id: string;
  email: string;
  role: string;
}

const section = (name: string) => screen.getByRole("region", { name });
const membersOf = async (user: { access: string }) =>
  (await apiAs<{ results: MemberBody[] }>(user, "/company/members/")).body.results;

async function choose(user: ReturnType<typeof userEvent.setup>, select: string, option: string) {
  await user.click(screen.getByRole("combobox", { name: select }));
  await user.click(await screen.findByRole("option", { name: option }));
}

describe("settings: Équipe (real API)", () => {
  it("marks the owner with a crown; an admin changes a member's role and removes them after confirmation", async () => {
    const owner = await seed.account({ plan: "EXPANSION", firstName: "Claire", lastName: "Martin" });
    const companyId = owner.company?.id ?? "";
    const admin = await seed.account({ companyId, role: "admin" });
    await seed.account({ companyId, role: "member", firstName: "Paul", lastName: "Durand" });
    signIn(admin.user);
    renderApp("/settings/teams");
    const user = userEvent.setup();
    const members = await screen.findByRole("region", { name: "Membres" });
    const claire = await within(members).findByText("Claire Martin");
    expect(
      within(claire.closest("li") as HTMLElement).getByRole("img", { name: "Propriétaire" }),
    ).toBeVisible();
    // The owner's role cannot change and they cannot be removed.
    expect(within(members).queryByRole("combobox", { name: "Rôle de Claire Martin" })).toBeNull();
    expect(within(members).queryByRole("button", { name: "Retirer Claire Martin" })).toBeNull();

    await user.click(within(members).getByRole("combobox", { name: "Rôle de Paul Durand" }));
    const offered = (await screen.findAllByRole("option")).map((o) => o.textContent);
    expect(offered).toEqual(["Membre", "Modérateur", "Administrateur"]);
    await user.click(screen.getByRole("option", { name: "Modérateur" }));
    await screen.findByText("Rôle mis à jour");
    const paul = async () =>
      (await membersOf(admin.user)).find((m) => m.role !== "owner" && m.role !== "admin");
    await waitFor(async () => expect((await paul())?.role).toBe("moderator"));

    await user.click(within(members).getByRole("button", { name: "Retirer Paul Durand" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Retirer ce membre ?" });
    expect(confirm).toHaveTextContent("Paul Durand n'aura plus accès à l'entreprise.");
    await user.click(within(confirm).getByRole("button", { name: "Retirer" }));
    await screen.findByText("Membre retiré");
    expect(await paul()).toBeUndefined();
  });

  it("a manager cannot give the admin role (ARCHITECTURE §10.11) and sees no invite form", async () => {
    const owner = await seed.account({ plan: "EXPANSION" });
    const companyId = owner.company?.id ?? "";
    const manager = await seed.account({ companyId, role: "manager" });
    await seed.account({ companyId, role: "member", firstName: "Paul", lastName: "Durand" });
    signIn(manager.user);
    renderApp("/settings/teams");
    const user = userEvent.setup();
    const members = await screen.findByRole("region", { name: "Membres" });
    await user.click(await within(members).findByRole("combobox", { name: "Rôle de Paul Durand" }));
    expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual([
      "Membre",
      "Modérateur",
    ]);
    await user.keyboard("{Escape}");
    // Invitations: the list and 'Annuler' (invites.cancel), no form (members.invite is admin or moderator).
    expect(section("Invitations")).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "E-mail" })).toBeNull();
  });

  it("a moderator invites only as Modérateur or Comptable; 'Veuillez saisir un email valide' for a bad address", async () => {
    const owner = await seed.account({ plan: "EXPANSION" });
    const companyId = owner.company?.id ?? "";
    const moderator = await seed.account({ companyId, role: "moderator" });
    await seed.account({ companyId, role: "member", firstName: "Paul", lastName: "Durand" });
    signIn(moderator.user);
    renderApp("/settings/teams");
    const user = userEvent.setup();
    const invitations = await screen.findByRole("region", { name: "Invitations" });
    // No role change, no removal, no join requests for a moderator.
    await within(section("Membres")).findByText("Paul Durand");
    expect(screen.queryByRole("combobox", { name: "Rôle de Paul Durand" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Retirer Paul Durand" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Demandes d'adhésion" })).toBeNull();

    const role = within(invitations).getByRole("combobox", { name: "Rôle" });
    expect(role).toHaveTextContent("Modérateur");
    await user.click(role);
    expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual([
      "Modérateur",
      "Comptable",
    ]);
    await user.keyboard("{Escape}");

    const email = within(invitations).getByRole("textbox", { name: "E-mail" });
    await user.type(email, "pas-un-email");
    await user.click(within(invitations).getByRole("button", { name: "Envoyer l'invitation" }));
    expect(await within(invitations).findByRole("alert")).toHaveTextContent(
      "Veuillez saisir un email valide",
    );
    expect(await screen.findByText("Email invalide")).toBeInTheDocument();

    await user.clear(email);
    await user.type(email, "lea@exemple.fr");
    await choose(user, "Rôle", "Comptable");
    await user.click(within(invitations).getByRole("button", { name: "Envoyer l'invitation" }));
    await screen.findByText("Invitation envoyée");
    const row = (await within(invitations).findByText("lea@exemple.fr")).closest("li") as HTMLElement;
    expect(row).toHaveTextContent("Comptable");
    // Cancelling is for admins and managers (spec §6).
    expect(within(row).queryByRole("button")).toBeNull();
  });

  it("an admin cancels an invitation", async () => {
    const owner = await seed.account({ plan: "EXPANSION" });
    await apiAs(owner.user, "/company/invites/", {
      method: "POST",
      body: JSON.stringify({ email: "marc@exemple.fr", role: "manager" }),
    });
    signIn(owner.user);
    renderApp("/settings/teams");
    const user = userEvent.setup();
    const invitations = await screen.findByRole("region", { name: "Invitations" });
    const row = (await within(invitations).findByText("marc@exemple.fr")).closest("li") as HTMLElement;
    expect(row).toHaveTextContent("Manager");
    await user.click(within(row).getByRole("button", { name: "Annuler l'invitation de marc@exemple.fr" }));
    await screen.findByText("Invitation annulée");
    await waitFor(() => expect(within(invitations).queryByText("marc@exemple.fr")).toBeNull());
    expect(within(invitations).getByText("Aucune invitation en attente")).toBeInTheDocument();
  });

  it("a manager accepts a join request with a role (up to Manager) and refuses another", async () => {
    const owner = await seed.account({ plan: "EXPANSION" });
    const companyId = owner.company?.id ?? "";
    await seed.joinRequests({ companyId, count: 2 });
    const manager = await seed.account({ companyId, role: "manager" });
    signIn(manager.user);
    renderApp("/settings/teams");
    const user = userEvent.setup();
    const requests = await screen.findByRole("region", { name: "Demandes d'adhésion" });
    const rows = await within(requests).findAllByRole("listitem");
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    const roleSelect = within(first).getByRole("combobox");
    expect(roleSelect).toHaveTextContent("Membre");
    await user.click(roleSelect);
    expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual([
      "Manager",
      "Modérateur",
      "Comptable",
      "Membre",
    ]);
    await user.click(screen.getByRole("option", { name: "Modérateur" }));
    await user.click(within(first).getByRole("button", { name: /^Accepter la demande de / }));
    await screen.findByText("Demande acceptée");
    await user.click(within(second).getByRole("button", { name: /^Refuser la demande de / }));
    await screen.findByText("Demande refusée");
    await within(requests).findByText("Aucune demande en attente");
    const roles = (await membersOf(manager.user)).map((m) => m.role).sort();
    expect(roles).toEqual(["manager", "moderator", "owner"]);
  });

  it("explains the member limit of the plan (LANCEMENT: 1 member)", async () => {
    await renderSignedIn("/settings/teams", { plan: "LANCEMENT" });
    const members = await screen.findByRole("region", { name: "Membres" });
    expect(await within(members).findByText("1 / 1 membre")).toBeInTheDocument();
    expect(members).toHaveTextContent(
      "Votre abonnement a atteint la limite de membres (1 membre). Passez à une offre supérieure dans l'onglet Abonnement pour ajouter des membres.",
    );
  });
});
