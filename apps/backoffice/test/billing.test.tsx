import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp, renderSignedIn } from "./support/render-app";
import { expectTableScroller } from "./support/table-scroller";
import { apiAs, apiBaseUrl, seed, signIn } from "./support/test-api";

const region = (name: string) => screen.findByRole("region", { name });
const planCard = (name: string) => screen.getByRole("article", { name });

/** Buys `type` through the local sandbox checkout, as the page's 'Payer' button does. */
async function buyThroughSandbox(user: { access: string }, type: "CROISSANCE" | "EXPANSION") {
  // No paid checkout without a billing address (the plan cards ask it first).
  const address = await apiAs(user, "/company/", {
    method: "PATCH",
    body: JSON.stringify({ billing_address: "4 rue des Potiers\n44000 Nantes" }),
  });
  expect(address.status).toBe(200);
  // The API sends the browser back only to its own origin or the Vite dev servers.
  const { status, body } = await apiAs<{ id: string }>(user, "/company/subscription/checkout-session/", {
    method: "POST",
    body: JSON.stringify({
      subscription_type: type,
      success_url: "http://localhost:5173/?checkout=success",
      cancel_url: "http://localhost:5173/?checkout=cancel",
    }),
  });
  expect(status, JSON.stringify(body)).toBe(200);
  const paid = await fetch(`${apiBaseUrl}/billing/sandbox/${body.id}/complete/`, {
    method: "POST",
    redirect: "manual",
  });
  expect(paid.status).toBe(303);
}

describe("settings: Abonnement (real API)", () => {
  it.each(["moderator", "manager", "member"] as const)(
    "a %s sees 'Accès restreint' and no plan",
    async (role) => {
      const owner = await seed.account();
      const member = await seed.account({ companyId: owner.company?.id ?? "", role });
      signIn(member.user);
      renderApp("/settings/subscription");
      expect(await screen.findByRole("heading", { name: "Accès restreint" })).toBeInTheDocument();
      expect(
        screen.getByText("Seuls les administrateurs et comptables peuvent gérer l'abonnement."),
      ).toBeInTheDocument();
      expect(screen.queryByRole("article", { name: "Croissance" })).toBeNull();
    },
  );

  it("after buying CROISSANCE: the plan, its status, the invoice; Lancement is scheduled for the period end, then called off", async () => {
    const owner = await seed.account({ plan: "LANCEMENT" });
    await buyThroughSandbox(owner.user, "CROISSANCE");
    const accountant = await seed.account({ companyId: owner.company?.id ?? "", role: "accoutant" });
    signIn(accountant.user);
    renderApp("/settings/subscription");
    const user = userEvent.setup();
    const current = await region("Plan actuel");
    expect(current).toHaveTextContent("Croissance");
    expect(current).toHaveTextContent("Actif");
    expect(current).toHaveTextContent(/Fin de la période en cours\d{1,2} \S+ \d{4}/);
    expect(within(planCard("Croissance")).getByRole("button", { name: "Plan actuel" })).toBeDisabled();
    expect(planCard("Expansion")).toHaveTextContent("79,99");
    const invoices = await region("Factures");
    const rows = await within(invoices).findAllByRole("row");
    expect(rows).toHaveLength(2);
    // Its own sideways scroller, named apart from the card's region 'Factures'.
    expectTableScroller(invoices, "Tableau des factures");
    expect(rows[1]).toHaveTextContent("Croissance");
    // HT first for this B2B product, TTC beside.
    expect(rows[1]).toHaveTextContent(/24,99\s€ HT\s*29,99\s€ TTC/);
    expect(rows[1]).toHaveTextContent(/du \d{1,2} \S+ \d{4} au \d{1,2} \S+ \d{4}/);

    expect(within(planCard("Expansion")).getByRole("button", { name: "Choisir ce plan" })).toBeEnabled();
    await user.click(within(planCard("Lancement")).getByRole("button", { name: "Passer à cette offre" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Passer à l'offre Lancement ?" });
    const date = /Fin de la période en cours(\d{1,2} \S+ \d{4})/.exec(current.textContent ?? "")?.[1];
    expect(date).toBeTruthy();
    expect(dialog).toHaveTextContent(
      `Votre offre actuelle reste active jusqu'au ${date}. Le ${date}, vous passerez à l'offre Lancement.`,
    );
    expect(dialog).toHaveTextContent("Vous ne serez plus facturé ensuite.");
    const changes = within(dialog)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(changes).toEqual([
      "Produits : 50 → 3",
      "Membres : 5 → 1",
      "E-mails par mois : 400 → 40",
      "Modèles d'e-mails personnalisés : illimité → 0",
      "Formulaires personnalisés : illimité → 0",
      "Photos et vidéos dans les avis : plus acceptées",
      "Widget iframe : avec tous les avis → basique",
    ]);
    expect(dialog).toHaveTextContent("Vos données sont conservées.");
    await user.click(within(dialog).getByRole("button", { name: "Programmer le changement" }));
    expect(await screen.findByText("Changement d'offre programmé")).toBeInTheDocument();
    await waitFor(() => expect(current).toHaveTextContent(`Votre abonnement prendra fin le ${date}.`));
    expect(within(current).queryByRole("button", { name: "Résilier l'abonnement" })).toBeNull();

    await user.click(within(current).getByRole("button", { name: "Annuler ce changement" }));
    expect(await screen.findByText("Changement annulé")).toBeInTheDocument();
    expect(screen.getByText("Votre offre Croissance sera renouvelée.")).toBeInTheDocument();
    expect(await within(current).findByRole("button", { name: "Résilier l'abonnement" })).toBeVisible();
    expect(current).not.toHaveTextContent("prendra fin");
  });

  it("cancels at the end of the period after confirmation and says when it ends", async () => {
    const owner = await seed.account({ plan: "LANCEMENT" });
    await buyThroughSandbox(owner.user, "CROISSANCE");
    signIn(owner.user);
    renderApp("/settings/subscription");
    const user = userEvent.setup();
    const current = await region("Plan actuel");
    await user.click(within(current).getByRole("button", { name: "Résilier l'abonnement" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Résilier l'abonnement ?" });
    expect(dialog).toHaveTextContent("Votre abonnement restera actif jusqu'à la fin de la période en cours.");
    await user.click(within(dialog).getByRole("button", { name: "Résilier l'abonnement" }));
    expect(await screen.findByText("Résiliation programmée")).toBeInTheDocument();
    await waitFor(() =>
      expect(current).toHaveTextContent(/Votre abonnement prendra fin le \d{1,2} \S+ \d{4}\./),
    );
    expect(within(current).queryByRole("button", { name: "Résilier l'abonnement" })).toBeNull();
  });

  it("handles ?checkout=cancel with the dashboard's toast, then removes it from the address", async () => {
    const app = await renderSignedIn("/settings/subscription?checkout=cancel");
    expect(await screen.findByText("Paiement annulé")).toBeInTheDocument();
    expect(screen.getByText("Vous pourrez réessayer quand vous voulez.")).toBeInTheDocument();
    await waitFor(() => expect(app.router.state.location.search).toBe(""));
    expect(app.router.state.location.pathname).toBe("/settings/subscription");
  });
});
