import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { giveRejectionReason } from "./support/reject-review";
import { renderApp } from "./support/render-app";
import { apiAs, seed, signIn } from "./support/test-api";
import { hoursAgo } from "./support/time";

type Status = "pending" | "approved" | "rejected";

/** Newest first, as the grid shows them. */
const REVIEWS = [
  {
    author: "Léa Bernard",
    product: "Lampe Aurore",
    rating: 5,
    status: "approved",
    comment: "Très belle lampe.",
  },
  {
    author: "Hugo Lefèvre",
    product: "Applique Nova",
    rating: 3,
    status: "pending",
    comment: "Un peu petite.",
  },
  {
    author: "Inès Fontaine",
    product: "Lampe Aurore",
    rating: 4.5,
    status: "pending",
    comment: "Livraison rapide.",
  },
  {
    author: "Jules Garnier",
    product: "Applique Nova",
    rating: 2,
    status: "rejected",
    comment: "Déçu du résultat.",
  },
  {
    author: "Manon Vincent",
    product: "Lampe Aurore",
    rating: 4,
    status: "pending",
    comment: "Conforme.",
    title: "Bon produit",
  },
] as const;

const names = (list: readonly { author: string }[]) => list.map((r) => r.author);

async function seedReviews() {
  const { user, company } = await seed.account();
  if (!company) throw new Error("company expected");
  const products = await seed.products({
    companyId: company.id,
    products: [{ name: "Lampe Aurore" }, { name: "Applique Nova" }],
  });
  const productId = (name: string) => products.find((p) => p.name === name)?.id ?? "";
  const created = await seed.reviews({
    companyId: company.id,
    reviews: REVIEWS.map((r, index) => {
      const [first = "", last = ""] = r.author.split(" ");
      return {
        productId: productId(r.product),
        rating: r.rating,
        status: r.status as Status,
        comment: r.comment,
        title: "title" in r ? r.title : undefined,
        authorFirstName: first,
        authorLastName: last,
        createdAt: hoursAgo(index + 1),
        answers: [{ label: "Qualité", type: "rating", value: r.rating }],
      };
    }),
  });
  const ids = Object.fromEntries(REVIEWS.map((r, index) => [r.author, created[index]?.id ?? ""]));
  signIn(user);
  return { user, company, ids };
}

const page = () => screen.findByRole("heading", { name: "Avis clients", level: 1 });
const grid = () => screen.getByRole("list", { name: "Avis clients" });
const gridNames = () =>
  within(grid())
    .getAllByRole("listitem")
    .map((li) => REVIEWS.find((r) => li.textContent?.includes(r.author))?.author);
const statCard = (label: string) => {
  const root = screen.getByText(label, { selector: "span" }).closest(".rt-Card");
  if (!(root instanceof HTMLElement)) throw new Error(`no card ${label}`);
  return root;
};
const dialog = () => screen.getByRole("dialog", { name: "Avis client" });
const notifications = () => screen.getByRole("region", { name: "Notifications" });

async function choose(user: ReturnType<typeof userEvent.setup>, select: string, option: string) {
  await user.click(screen.getByRole("combobox", { name: select }));
  await user.click(await screen.findByRole("option", { name: option }));
  await waitFor(() => expect(screen.getByRole("combobox", { name: select })).toHaveTextContent(option));
}

async function statusOf(user: { access: string }, id: string) {
  const { body } = await apiAs<{ results: { id: string; status: string }[] }>(
    user,
    "/company/reviews/?limit=50",
  );
  return body.results.find((r) => r.id === id)?.status;
}

describe("reviews page (real API)", () => {
  it("shows the title, the four cards and the grid, newest first", async () => {
    await seedReviews();
    renderApp("/reviews");
    await page();
    expect(screen.getByText("Gérez et analysez tous vos avis certifiés")).toBeInTheDocument();
    await waitFor(() => expect(gridNames()).toEqual(names(REVIEWS)));
    // Company mean of the approved ratings; satisfaction = share rated 4 or more (3 of 5).
    await waitFor(() => expect(statCard("Note moyenne")).toHaveTextContent("Note moyenne5,0"));
    expect(statCard("Total avis")).toHaveTextContent("Total avis5");
    expect(statCard("Satisfaction")).toHaveTextContent("Satisfaction60 %");
    expect(statCard("Avis en attente")).toHaveTextContent("Avis en attente3");

    const manon = within(grid()).getAllByRole("listitem")[4] as HTMLElement;
    expect(manon).toHaveTextContent("MV");
    expect(manon).toHaveTextContent("Bon produit");
    expect(manon).toHaveTextContent("Conforme.");
    expect(manon).toHaveTextContent("Lampe Aurore");
    expect(within(manon).getByRole("img", { name: "Note : 4 sur 5" })).toBeInTheDocument();
    expect(manon.querySelector(".line-clamp-3")).toHaveTextContent("Conforme.");
  });

  it("the pending card opens the first pending review", async () => {
    const user = userEvent.setup();
    await seedReviews();
    renderApp("/reviews");
    await page();
    await waitFor(() => expect(statCard("Avis en attente")).toHaveTextContent("3"));
    await user.click(screen.getByRole("button", { name: /Avis en attente/ }));
    expect(await screen.findByRole("dialog", { name: "Avis client" })).toHaveTextContent("Hugo Lefèvre");
    expect(dialog()).toHaveTextContent("Avis 2 sur 5");
  });

  it("filters by free text (comment, author, product), product, rating and status; the empty state resets", {
    timeout: 40_000,
  }, async () => {
    const user = userEvent.setup();
    await seedReviews();
    renderApp("/reviews");
    await page();
    await waitFor(() => expect(gridNames()).toHaveLength(5));
    const search = screen.getByRole("searchbox", { name: "Rechercher dans les avis..." });

    for (const [text, expected] of [
      ["lampe", ["Léa Bernard", "Inès Fontaine", "Manon Vincent"]],
      ["HUGO", ["Hugo Lefèvre"]],
      ["decu", ["Jules Garnier"]],
      ["applique", ["Hugo Lefèvre", "Jules Garnier"]],
    ] as const) {
      await user.clear(search);
      await user.paste(text);
      expect(gridNames(), text).toEqual(expected);
    }
    await user.clear(search);

    await choose(user, "Produit", "Applique Nova");
    expect(gridNames()).toEqual(["Hugo Lefèvre", "Jules Garnier"]);
    await choose(user, "Produit", "Tous les produits");

    // A half star counts in the lower bucket: Inès's 4.5 is in '4 étoiles'.
    await choose(user, "Note", "5 étoiles");
    expect(gridNames()).toEqual(["Léa Bernard"]);
    await choose(user, "Note", "4 étoiles");
    expect(gridNames()).toEqual(["Inès Fontaine", "Manon Vincent"]);
    await choose(user, "Note", "Toutes les notes");

    await choose(user, "Statut", "En attente");
    expect(gridNames()).toEqual(["Hugo Lefèvre", "Inès Fontaine", "Manon Vincent"]);
    await choose(user, "Statut", "Rejetés");
    expect(gridNames()).toEqual(["Jules Garnier"]);
    await choose(user, "Statut", "Approuvés");
    expect(gridNames()).toEqual(["Léa Bernard"]);

    // Nothing matches: the empty state; its button resets search, rating and status, not the product.
    await choose(user, "Produit", "Lampe Aurore");
    await user.click(search);
    await user.paste("introuvable");
    expect(screen.getByRole("heading", { name: "Aucun avis trouvé" })).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Avis clients" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Réinitialiser les filtres" }));
    expect(search).toHaveValue("");
    expect(screen.getByRole("combobox", { name: "Statut" })).toHaveTextContent("Tous les statuts");
    expect(screen.getByRole("combobox", { name: "Note" })).toHaveTextContent("Toutes les notes");
    expect(screen.getByRole("combobox", { name: "Produit" })).toHaveTextContent("Lampe Aurore");
    expect(gridNames()).toEqual(["Léa Bernard", "Inès Fontaine", "Manon Vincent"]);
  });

  it("the detail dialog goes to the previous and next review (buttons and arrow keys)", async () => {
    const user = userEvent.setup();
    await seedReviews();
    renderApp("/reviews");
    await page();
    await user.click(await screen.findByRole("button", { name: /Léa Bernard/ }));
    await screen.findByRole("dialog", { name: "Avis client" });
    expect(dialog()).toHaveTextContent("Avis 1 sur 5");
    expect(within(dialog()).getByRole("button", { name: "Avis précédent" })).toBeDisabled();
    expect(within(dialog()).queryByRole("button", { name: "Valider l'avis" })).not.toBeInTheDocument();

    await user.click(within(dialog()).getByRole("button", { name: "Avis suivant" }));
    expect(dialog()).toHaveTextContent("Hugo Lefèvre");
    expect(dialog()).toHaveTextContent("Avis 2 sur 5");
    expect(within(dialog()).getByRole("button", { name: "Valider l'avis" })).toBeEnabled();
    await user.keyboard("{ArrowRight}{ArrowRight}{ArrowRight}");
    expect(dialog()).toHaveTextContent("Manon Vincent");
    expect(within(dialog()).getByRole("button", { name: "Avis suivant" })).toBeDisabled();
    await user.keyboard("{ArrowLeft}");
    expect(dialog()).toHaveTextContent("Jules Garnier");
    expect(within(dialog()).getByRole("region", { name: "Réponses :" })).toHaveTextContent("Qualité2/5");

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});

describe("reviews moderation (real API)", () => {
  it("after a moderation the dialog moves to the next pending review (wrapping round); a rejection with none left stays", async () => {
    const ui = userEvent.setup();
    const { user, ids } = await seedReviews();
    renderApp("/reviews");
    await page();
    await ui.click(await screen.findByRole("button", { name: /Inès Fontaine/ }));
    await screen.findByRole("dialog", { name: "Avis client" });

    await ui.click(within(dialog()).getByRole("button", { name: "Valider l'avis" }));
    expect(await within(notifications()).findByText("Avis validé")).toBeInTheDocument();
    await waitFor(() => expect(dialog()).toHaveTextContent("Manon Vincent"));
    expect(await statusOf(user, ids["Inès Fontaine"] ?? "")).toBe("approved");

    await ui.click(within(dialog()).getByRole("button", { name: "Valider l'avis" }));
    await waitFor(() => expect(dialog()).toHaveTextContent("Hugo Lefèvre"));

    await ui.click(within(dialog()).getByRole("button", { name: "Rejeter" }));
    await giveRejectionReason(ui);
    expect(await within(notifications()).findByText("Avis rejeté")).toBeInTheDocument();
    // Nothing pending any more and the action was a rejection: the dialog stays, on the rejected review.
    await waitFor(() => expect(dialog()).toHaveTextContent("Motif du rejet"));
    expect(dialog()).toHaveTextContent("Hugo Lefèvre");
    expect(await statusOf(user, ids["Hugo Lefèvre"] ?? "")).toBe("rejected");

    // The page refreshed after each change.
    await ui.keyboard("{Escape}");
    await waitFor(() => expect(statCard("Avis en attente")).toHaveTextContent("Tous les avis sont vérifiés"));
    expect(screen.getByRole("button", { name: /Hugo Lefèvre/ })).toHaveTextContent("Rejeté");
    expect(screen.getByRole("button", { name: /Inès Fontaine/ })).toHaveTextContent("Approuvé");
  });

  it("approving the last pending review closes the dialog", async () => {
    const ui = userEvent.setup();
    const { user, company } = await seed.account();
    if (!company) throw new Error("company expected");
    const [product] = await seed.products({ companyId: company.id, products: [{ name: "Lampe Aurore" }] });
    await seed.reviews({
      companyId: company.id,
      reviews: [
        {
          productId: product?.id ?? "",
          status: "approved",
          authorFirstName: "Léa",
          authorLastName: "Bernard",
        },
        {
          productId: product?.id ?? "",
          status: "pending",
          authorFirstName: "Hugo",
          authorLastName: "Lefèvre",
        },
      ],
    });
    signIn(user);
    renderApp("/reviews");
    await page();
    await ui.click(await screen.findByRole("button", { name: /Avis en attente/ }));
    await screen.findByRole("dialog", { name: "Avis client" });
    await ui.click(within(dialog()).getByRole("button", { name: "Valider l'avis" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(within(notifications()).getByText("Avis validé")).toBeInTheDocument();
  });

  it("the badge menu of a pending review approves or rejects it; a moderated review has no moderation control", async () => {
    const ui = userEvent.setup();
    const { user, ids } = await seedReviews();
    renderApp("/reviews");
    await page();
    await ui.click(await screen.findByRole("button", { name: /Léa Bernard/ }));
    await screen.findByRole("dialog", { name: "Avis client" });
    // Approved: the plain badge, no menu, no 'Rejeter' (moderation is one-way).
    expect(dialog()).toHaveTextContent("Approuvé");
    expect(within(dialog()).queryByRole("button", { name: /Changer le statut/ })).not.toBeInTheDocument();
    expect(within(dialog()).queryByRole("button", { name: "Rejeter" })).not.toBeInTheDocument();
    await ui.click(within(dialog()).getByRole("button", { name: "Avis suivant" }));
    await waitFor(() => expect(dialog()).toHaveTextContent("Hugo Lefèvre"));
    await ui.click(within(dialog()).getByRole("button", { name: "Changer le statut (En attente)" }));
    const menu = await screen.findByRole("menu");
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Approuvé", "Rejeté"]);
    await ui.click(within(menu).getByRole("menuitem", { name: "Rejeté" }));
    await giveRejectionReason(ui, "Soupçon de faux avis", "Commande annulée");
    expect(await within(notifications()).findByText("Avis rejeté")).toBeInTheDocument();
    expect(await statusOf(user, ids["Hugo Lefèvre"] ?? "")).toBe("rejected");
    // Then on to the next pending review, as after any moderation.
    await waitFor(() => expect(dialog()).toHaveTextContent("Inès Fontaine"));
    await ui.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: /Hugo Lefèvre/ })).toHaveTextContent("Rejeté");
  });

  it("allows no second change while one is in flight", async () => {
    const ui = userEvent.setup();
    const { user, ids } = await seedReviews();
    renderApp("/reviews");
    await page();
    await ui.click(await screen.findByRole("button", { name: /Hugo Lefèvre/ }));
    await screen.findByRole("dialog", { name: "Avis client" });
    const approve = within(dialog()).getByRole("button", { name: "Valider l'avis" });
    const reject = within(dialog()).getByRole("button", { name: "Rejeter" });
    approve.click();
    await waitFor(() => expect(reject).toBeDisabled());
    expect(within(dialog()).getByRole("button", { name: /Changer le statut/ })).toBeDisabled();
    reject.click(); // ignored
    expect(await within(notifications()).findByText("Avis validé")).toBeInTheDocument();
    expect(within(notifications()).queryByText("Avis rejeté")).not.toBeInTheDocument();
    expect(await statusOf(user, ids["Hugo Lefèvre"] ?? "")).toBe("approved");
  });

  it("a review changed meanwhile: 'Erreur' / 'Avis introuvable ou déjà mis à jour.', then the page shows its status", async () => {
    const ui = userEvent.setup();
    const { user, ids } = await seedReviews();
    renderApp("/reviews");
    await page();
    await ui.click(await screen.findByRole("button", { name: /Hugo Lefèvre/ }));
    await screen.findByRole("dialog", { name: "Avis client" });
    // Another moderator approves it first.
    const other = await apiAs(user, `/company/reviews/${ids["Hugo Lefèvre"]}/`, {
      method: "PATCH",
      body: JSON.stringify({ status: "approved" }),
    });
    expect(other.status).toBe(200);

    await ui.click(within(dialog()).getByRole("button", { name: "Valider l'avis" }));
    const error = await within(notifications()).findByRole("alert");
    expect(error).toHaveTextContent("Erreur");
    expect(error).toHaveTextContent("Avis introuvable ou déjà mis à jour.");
    await waitFor(() =>
      expect(within(dialog()).queryByRole("button", { name: "Valider l'avis" })).not.toBeInTheDocument(),
    );
    expect(dialog()).toHaveTextContent("Approuvé");
  });

  it("is usable with the keyboard alone: a card opens with Enter, the dialog moderates, Escape closes", async () => {
    const ui = userEvent.setup();
    const { user, ids } = await seedReviews();
    renderApp("/reviews");
    await page();
    const hugo = await screen.findByRole("button", { name: /Hugo Lefèvre/ });
    hugo.focus();
    await ui.keyboard("{Enter}");
    await screen.findByRole("dialog", { name: "Avis client" });
    within(dialog()).getByRole("button", { name: "Valider l'avis" }).focus();
    await ui.keyboard("{Enter}");
    await waitFor(() => expect(dialog()).toHaveTextContent("Inès Fontaine"));
    expect(await statusOf(user, ids["Hugo Lefèvre"] ?? "")).toBe("approved");
    await ui.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
