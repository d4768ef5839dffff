import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "./support/render-app";
import { seed, signIn } from "./support/test-api";
import { hoursAgo } from "./support/time";

const statistics = () => screen.findByRole("heading", { name: "Statistiques", level: 1 });
const cardOf = (heading: string) => {
  const root = screen.getByRole("heading", { name: heading, level: 2 }).closest(".rt-Card");
  if (!(root instanceof HTMLElement)) throw new Error(`no card ${heading}`);
  return root;
};

/** A company with product reviews rated 2 and, when asked, two published store reviews (5 and 4). */
async function seedShop(withStore: boolean) {
  const { user, company } = await seed.account({ firstName: "Camille", lastName: "Martin" });
  if (!company) throw new Error("company expected");
  const [lamp] = await seed.products({ companyId: company.id, products: [{ name: "Lampe Aurore" }] });
  if (!lamp) throw new Error("product expected");
  await seed.reviews({
    companyId: company.id,
    reviews: [
      {
        productId: lamp.id,
        rating: 2,
        status: "approved",
        createdAt: hoursAgo(50),
        comment: "Ampoule cassée.",
      },
      {
        productId: lamp.id,
        rating: 5,
        status: "approved",
        createdAt: hoursAgo(49),
        comment: "Livraison de la lampe parfaite.",
      },
      ...(withStore
        ? (
            [
              { rating: 5, comment: "Livraison rapide, colis soigné.", authorFirstName: "Inès" },
              { rating: 4, comment: "Livraison rapide, service aimable.", authorFirstName: "Noé" },
              { rating: 3, comment: "Livraison moyenne.", status: "pending" },
            ] as const
          ).map((r) => ({
            productId: lamp.id,
            subject: "store" as const,
            status: "approved" as const,
            createdAt: hoursAgo(30),
            ...r,
          }))
        : []),
    ],
  });
  return { user };
}

describe("Statistiques: the store rating beside the products' (real API)", () => {
  it("draws a 'Boutique' line beside the product average and gives the store's distribution and themes", async () => {
    const { user } = await seedShop(true);
    signIn(user);
    const ui = userEvent.setup();
    renderApp("/reviews/insights");
    await statistics();

    const store = await waitFor(() => cardOf("Avis sur la boutique"));
    expect(store).toHaveTextContent("Note de la boutique : 4,5/5 (2 avis)");
    const chart = cardOf("Note moyenne par période");
    expect(within(chart).getByRole("list", { name: "Légende" })).toHaveTextContent("ProduitsBoutique");
    const head = within(chart)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent);
    expect(head).toEqual([
      "Début de la période",
      "Note moyenne",
      "Avis publiés",
      "Note de la boutique",
      "Avis sur la boutique publiés",
    ]);
    const rated = within(chart)
      .getAllByRole("row")
      .map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent))
      .filter((cells) => cells[3] !== "—" && cells.length > 0);
    expect(rated.map((cells) => cells.slice(3))).toEqual([["4,5", "2"]]);

    // The store's own themes: its terms open only store reviews (never the lamp's 'livraison').
    const liked = within(store).getByRole("region", { name: "Ce qui plaît" });
    await ui.click(within(liked).getByRole("button", { name: /^livraison rapide/ }));
    const dialog = await screen.findByRole("dialog", { name: "Avis qui parlent de « livraison rapide »" });
    await waitFor(() => expect(dialog).toHaveTextContent("Inès"));
    expect(dialog).toHaveTextContent("Livraison rapide, service aimable.");
    expect(dialog).not.toHaveTextContent("Livraison de la lampe parfaite.");
  });

  it("says so when no store review was published in the period, and draws no 'Boutique' line", async () => {
    const { user } = await seedShop(false);
    signIn(user);
    renderApp("/reviews/insights");
    await statistics();
    const store = await waitFor(() => cardOf("Avis sur la boutique"));
    expect(store).toHaveTextContent("Aucun avis sur la boutique publié sur la période.");
    expect(within(cardOf("Note moyenne par période")).queryByRole("list", { name: "Légende" })).toBeNull();
  });
});
