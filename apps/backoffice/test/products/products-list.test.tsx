import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "../support/render-app";
import type { SeedProductsInput } from "../support/seed-types";
import { apiAs, seed, signIn } from "../support/test-api";
import { hoursAgo } from "../support/time";

type Seeded = SeedProductsInput["products"];

async function withProducts(products: Seeded, plan: "LANCEMENT" | "CROISSANCE" = "CROISSANCE") {
  const { user, company } = await seed.account({ plan });
  if (!company) throw new Error("company expected");
  const created = products.length ? await seed.products({ companyId: company.id, products }) : [];
  signIn(user);
  return { user, company, created };
}

const page = () => screen.findByRole("heading", { name: "Produits", level: 1 });
const list = () => screen.getByRole("list", { name: "Produits" });
const cardNames = () =>
  within(list())
    .getAllByRole("listitem")
    .map((li) => within(li).getAllByRole("link")[0]?.textContent);
const card = (name: string) => {
  const item = within(list())
    .getAllByRole("listitem")
    .find((li) => within(li).queryByRole("link", { name }));
  if (!item) throw new Error(`no card ${name}`);
  return item;
};
const tile = (label: string) => {
  const root = screen.getByText(label, { selector: "span" }).closest(".rt-Card");
  if (!(root instanceof HTMLElement)) throw new Error(`no tile ${label}`);
  return root;
};

async function productsOf(user: { access: string }) {
  const { body } = await apiAs<{ results: { id: string; name: string; status: string }[] }>(
    user,
    "/company/products/?limit=100",
  );
  return body.results;
}

describe("products page (real API)", () => {
  it("lists active, draft then archived products by name, with search and status filter", async () => {
    const user = userEvent.setup();
    await withProducts([
      { name: "Zèbre en bois", status: "archived" },
      { name: "Applique Nova", status: "draft" },
      { name: "Lampe Aurore", status: "active", sku: "LAMP-001" },
      { name: "Banc Éole", status: "active" },
    ]);
    renderApp("/products");
    await page();
    expect(
      screen.getByText("Gérez vos produits, leurs e-mails de demande d'avis et leurs formulaires"),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(cardNames()).toEqual(["Banc Éole", "Lampe Aurore", "Applique Nova", "Zèbre en bois"]),
    );
    expect(tile("Total Produits")).toHaveTextContent("Total Produits4");
    expect(screen.getByRole("link", { name: "Importer des commandes" })).toHaveAttribute(
      "href",
      "/orders/import",
    );

    const search = screen.getByRole("searchbox", { name: "Rechercher un produit..." });
    await user.type(search, "eole");
    await waitFor(() => expect(cardNames()).toEqual(["Banc Éole"]));
    await user.clear(search);
    await user.type(search, "lamp-0");
    await waitFor(() => expect(cardNames()).toEqual(["Lampe Aurore"]));
    await user.clear(search);

    await user.click(screen.getByRole("combobox", { name: "Statut" }));
    await user.click(await screen.findByRole("option", { name: "Brouillons" }));
    await waitFor(() => expect(cardNames()).toEqual(["Applique Nova"]));
    await user.type(search, "zèbre");
    expect(await screen.findByRole("heading", { name: "Aucun produit trouvé" })).toBeInTheDocument();
  });

  it("says 'Aucun produit' when there is none", async () => {
    await withProducts([]);
    renderApp("/products");
    expect(await screen.findByRole("heading", { name: "Aucun produit" })).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "Nouveau produit" })[0]).toHaveAttribute(
      "href",
      "/products/new",
    );
  });

  it("disables 'Nouveau produit' and tells to upgrade at the plan's limit (LANCEMENT: 3)", async () => {
    await withProducts([{ name: "Un" }, { name: "Deux" }, { name: "Trois" }], "LANCEMENT");
    renderApp("/products");
    await page();
    await waitFor(() => expect(screen.getByRole("button", { name: "Nouveau produit" })).toBeDisabled());
    expect(screen.queryByRole("link", { name: "Nouveau produit" })).not.toBeInTheDocument();
    const banner = screen.getByRole("status", { name: "" });
    expect(banner).toHaveTextContent(
      "Votre abonnement permet 3 produits. Passez à un abonnement supérieur pour en ajouter.",
    );
    expect(within(banner).getByRole("link", { name: "Changer d'abonnement" })).toHaveAttribute(
      "href",
      "/settings/subscription",
    );
    // A copy would pass the limit too.
    await userEvent.setup().click(screen.getByRole("button", { name: "Actions du produit Un" }));
    expect(await screen.findByRole("menuitem", { name: "Dupliquer" })).toHaveAttribute("data-disabled");
  });

  it("keeps 'Nouveau produit' under the limit", async () => {
    await withProducts([{ name: "Un" }, { name: "Deux" }], "LANCEMENT");
    renderApp("/products");
    await page();
    await waitFor(() => expect(cardNames()).toHaveLength(2));
    expect(screen.getByRole("link", { name: "Nouveau produit" })).toHaveAttribute("href", "/products/new");
    expect(screen.queryByText(/Votre abonnement permet/)).not.toBeInTheDocument();
  });

  it("changes the status from the badge, duplicates and deletes after a warning", async () => {
    const user = userEvent.setup();
    const { user: owner } = await withProducts([{ name: "Lampe Aurore", status: "active" }]);
    renderApp("/products");
    await page();
    await waitFor(() => expect(cardNames()).toEqual(["Lampe Aurore"]));

    await user.click(within(card("Lampe Aurore")).getByRole("button", { name: "Changer le statut (Actif)" }));
    const archived = await screen.findByRole("menuitem", { name: "Archivé" });
    expect(screen.getByRole("menuitem", { name: "Actif" })).toHaveAttribute("data-disabled");
    await user.click(archived);
    await waitFor(async () => expect((await productsOf(owner))[0]?.status).toBe("archived"));
    await screen.findByRole("button", { name: "Changer le statut (Archivé)" });

    await user.click(
      within(card("Lampe Aurore")).getByRole("button", { name: "Actions du produit Lampe Aurore" }),
    );
    await user.click(await screen.findByRole("menuitem", { name: "Dupliquer" }));
    await waitFor(() => expect(cardNames()).toEqual(["Lampe Aurore (copie)", "Lampe Aurore"]));

    await user.click(
      within(card("Lampe Aurore")).getByRole("button", { name: "Actions du produit Lampe Aurore" }),
    );
    await user.click(await screen.findByRole("menuitem", { name: "Supprimer" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Supprimer le produit ?" });
    expect(dialog).toHaveTextContent(
      "Le produit « Lampe Aurore » sera supprimé, ainsi que les commandes qui lui sont liées. Cette action est irréversible.",
    );
    await user.click(within(dialog).getByRole("button", { name: "Supprimer" }));
    await waitFor(() => expect(cardNames()).toEqual(["Lampe Aurore (copie)"]));
    expect((await productsOf(owner)).map((p) => p.name)).toEqual(["Lampe Aurore (copie)"]);
  });

  it("shows counts, template lines and 'Avis du produit' with n/total and wrapping navigation", async () => {
    const user = userEvent.setup();
    const {
      company,
      created,
      user: owner,
    } = await withProducts([{ name: "Lampe Aurore", status: "active" }]);
    const productId = created[0]?.id ?? "";
    await seed.orders({ companyId: company.id, orders: [{ productId }] });
    await seed.reviews({
      companyId: company.id,
      reviews: [
        {
          productId,
          rating: 5,
          status: "approved",
          authorFirstName: "Léa",
          authorLastName: "Bernard",
          createdAt: hoursAgo(1),
          comment: "Superbe.",
        },
        {
          productId,
          rating: 3,
          status: "pending",
          authorFirstName: "Hugo",
          authorLastName: "Lefèvre",
          createdAt: hoursAgo(2),
          comment: "Moyen.",
        },
        {
          productId,
          rating: 4,
          status: "approved",
          authorFirstName: "Inès",
          authorLastName: "Fontaine",
          createdAt: hoursAgo(3),
          comment: "Bien.",
        },
      ],
    });
    // Link the default templates and form, with the reminder on.
    const { body: templates } = await apiAs<{ results: { id: string; type: string }[] }>(
      owner,
      "/company/email-templates/",
    );
    const { body: forms } = await apiAs<{ results: { id: string }[] }>(owner, "/company/forms/");
    const ofType = (type: string) => templates.results.find((t) => t.type === type)?.id;
    await apiAs(owner, `/company/products/${productId}/`, {
      method: "PATCH",
      body: JSON.stringify({
        send_reminder: true,
        email_request_template_id: ofType("request"),
        email_reminder_template_id: ofType("reminder"),
        form_id: forms.results[0]?.id,
      }),
    });

    renderApp("/products");
    await page();
    const lampe = await waitFor(() => card("Lampe Aurore"));
    // 3 reviews (seeded orders included) over 4 orders.
    await waitFor(() =>
      expect(within(lampe).getByTestId("reminder-line")).toHaveTextContent("Relance: Relance • J+7"),
    );
    expect(within(lampe).getByTestId("request-line")).toHaveTextContent("Demande d'avis • J+3");
    expect(within(lampe).getByTestId("form-line")).toHaveTextContent("Formulaire par défaut");
    expect(lampe).toHaveTextContent("Note4,5");
    expect(tile("Taux de réponse")).toHaveTextContent("Taux de réponse75 %");

    await user.click(within(lampe).getByRole("button", { name: "Avis du produit Lampe Aurore (3)" }));
    const dialog = await screen.findByRole("dialog", { name: "Avis du produit" });
    await waitFor(() => expect(within(dialog).getByTestId("review-counter")).toHaveTextContent("1/3"));
    expect(dialog).toHaveTextContent("Léa Bernard");
    await user.click(within(dialog).getByRole("button", { name: "Précédent" }));
    expect(within(dialog).getByTestId("review-counter")).toHaveTextContent("3/3");
    expect(dialog).toHaveTextContent("Inès Fontaine");
    await user.click(within(dialog).getByRole("button", { name: "Suivant" }));
    expect(within(dialog).getByTestId("review-counter")).toHaveTextContent("1/3");
    await user.click(within(dialog).getByRole("button", { name: "Suivant" }));
    expect(dialog).toHaveTextContent("Hugo Lefèvre");
    expect(dialog).toHaveTextContent("Réponses");
  });
});
