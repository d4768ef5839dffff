import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "./support/render-app";
import { apiAs, seed, signIn } from "./support/test-api";

const TITLE = "Adresse de facturation manquante";
/** The first render of the app reads the company, the caller and the subscription. */
const SLOW = { timeout: 15_000 };

describe("Abonnement: a paying company without billing address (real API)", { timeout: 40_000 }, () => {
  it("is asked for it: the callout opens the billing details' dialog, the address is saved and the callout goes", async () => {
    const owner = await seed.account({ plan: "CROISSANCE" });
    signIn(owner.user);
    renderApp("/settings/subscription");
    const user = userEvent.setup();
    const callout = (await screen.findByText(TITLE, {}, SLOW)).closest("[role=status]") as HTMLElement;
    expect(callout).toHaveTextContent(
      "Vos factures ne sont émises qu'avec votre adresse de facturation : celles de vos prochains paiements attendent que vous la renseigniez.",
    );
    await user.click(within(callout).getByRole("button", { name: "Renseigner l'adresse" }));
    const dialog = await screen.findByRole("dialog", { name: "Adresse de facturation" }, SLOW);
    expect(dialog).toHaveTextContent("vos factures en attente seront émises dès son enregistrement");
    // Nothing typed: the server's rule, said before any request.
    await user.click(within(dialog).getByRole("button", { name: "Enregistrer" }));
    expect(
      await within(dialog).findByText("Indiquez l'adresse de facturation : elle figure sur chaque facture."),
    ).toBeVisible();
    await user.type(within(dialog).getByLabelText("Adresse de facturation"), "4 rue des Potiers{enter}");
    await user.click(within(dialog).getByRole("button", { name: "Enregistrer" }));
    expect(await screen.findByText("Adresse de facturation enregistrée", {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(TITLE)).toBeNull(), SLOW);
    const { body } = await apiAs<{ billing_address: string | null }>(owner.user, "/company/");
    expect(body.billing_address).toBe("4 rue des Potiers");
  });

  it("is not shown to a company on the free plan", async () => {
    const owner = await seed.account({ plan: "LANCEMENT" });
    signIn(owner.user);
    renderApp("/settings/subscription");
    expect(await screen.findByRole("region", { name: "Plan actuel" }, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(TITLE)).toBeNull();
  });
});
