// @vitest-environment-options {"url": "http://localhost:5173/company-setup"}
// (the API sends the browser back only to its own origin or the Vite dev servers: the page is on 5173)
import { storageKeys } from "@certavis/api-client";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { PlanPicker } from "../../src/components/plan-picker";
import { renderWithProviders } from "../support/render-app";
import { apiBaseUrl, recordApiCalls, seed, signIn } from "../support/test-api";

const planCard = (name: string) => screen.getByRole("article", { name });

describe("plan cards (real API)", () => {
  it("a paid plan asks the billing address first, then opens a checkout session, keeps its id locally and leaves for its page", async () => {
    const { user } = await seed.account();
    signIn(user);
    const redirect = vi.fn<(url: string) => void>();
    const onFree = vi.fn();
    renderWithProviders(<PlanPicker onFree={onFree} redirect={redirect} />);
    await screen.findByRole("heading", { name: "Croissance" });
    // HT first for this B2B product, TTC beside.
    const price = planCard("Croissance").textContent ?? "";
    expect(price).toMatch(/24,99\s€ HT \/mois\s*soit 29,99\s€ TTC/);
    expect(planCard("Croissance")).toHaveTextContent("Populaire");
    expect(planCard("Lancement")).toHaveTextContent("Gratuit");

    const events = userEvent.setup();
    await events.click(within(planCard("Croissance")).getByRole("button", { name: "Choisir ce plan" }));
    const dialog = await screen.findByRole("dialog", { name: "Adresse de facturation" });
    expect(redirect).not.toHaveBeenCalled();
    await events.type(within(dialog).getByLabelText("SIREN (facultatif)"), "123");
    await events.click(within(dialog).getByRole("button", { name: "Continuer vers le paiement" }));
    expect(
      await within(dialog).findByText(
        "Indiquez l'adresse de facturation de l'entreprise avant de choisir une offre payante : elle figure sur chaque facture.",
      ),
    ).toBeInTheDocument();
    await events.type(
      within(dialog).getByLabelText("Adresse de facturation"),
      "4 rue des Potiers{enter}44000 Nantes",
    );
    await events.click(within(dialog).getByRole("button", { name: "Continuer vers le paiement" }));
    expect(await within(dialog).findByText("Ce SIREN n'est pas valide : 9 chiffres.")).toBeInTheDocument();
    await events.clear(within(dialog).getByLabelText("SIREN (facultatif)"));
    await events.type(within(dialog).getByLabelText("SIREN (facultatif)"), "732 829 320");
    await events.click(within(dialog).getByRole("button", { name: "Continuer vers le paiement" }));
    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(1));
    const url = redirect.mock.calls[0]?.[0] ?? "";
    const kept = localStorage.getItem(storageKeys.checkoutSessionId);
    expect(kept).toBeTruthy();
    expect(url).toContain(`/api/v1/billing/sandbox/${kept}/`);
    const page = await fetch(`${apiBaseUrl}/billing/sandbox/${kept}/`);
    expect(page.status).toBe(200);
    expect(onFree).not.toHaveBeenCalled();
  });

  it("the free plan leads on without any checkout", async () => {
    const { user } = await seed.account();
    signIn(user);
    const redirect = vi.fn();
    const onFree = vi.fn();
    renderWithProviders(<PlanPicker onFree={onFree} redirect={redirect} />);
    await screen.findByRole("heading", { name: "Lancement" });
    const calls = recordApiCalls();
    await userEvent
      .setup()
      .click(within(planCard("Lancement")).getByRole("button", { name: "Choisir ce plan" }));
    expect(onFree).toHaveBeenCalledTimes(1);
    expect(redirect).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it("the current paid plan is marked and cannot be bought again", async () => {
    const { user } = await seed.account({ plan: "CROISSANCE" });
    signIn(user);
    renderWithProviders(<PlanPicker onFree={vi.fn()} redirect={vi.fn()} />);
    await screen.findByRole("heading", { name: "Croissance" });
    expect(within(planCard("Croissance")).getByRole("button", { name: "Plan actuel" })).toBeDisabled();
    expect(within(planCard("Expansion")).getByRole("button", { name: "Choisir ce plan" })).toBeEnabled();
  });
});
