import { createHmac } from "node:crypto";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp, renderSignedIn } from "./support/render-app";
import { expectTableScroller } from "./support/table-scroller";
import { apiAs, apiBaseUrl, seed, signIn } from "./support/test-api";

describe("settings: Intégrations (real API)", () => {
  it("an owner connects WooCommerce, sees steps, URL and secret, shows the secret again, then disconnects after confirmation", async () => {
    const app = await renderSignedIn("/settings/integrations");
    const user = userEvent.setup();
    const card = await screen.findByRole("region", { name: "Connexions de la boutique" });
    await within(card).findByText("Aucune boutique connectée.");
    await user.click(within(card).getByRole("combobox", { name: "Plateforme" }));
    await user.click(await screen.findByRole("option", { name: "WooCommerce" }));
    expect(within(card).queryByRole("textbox", { name: /Secret de signature Shopify/ })).toBeNull();
    await user.type(
      within(card).getByRole("textbox", { name: "Adresse de la boutique" }),
      "http://boutique.fr",
    );
    await user.click(within(card).getByRole("button", { name: "Connecter" }));
    expect(await within(card).findByText(/Indiquez l'adresse https de la boutique/)).toBeInTheDocument();
    const url = within(card).getByRole("textbox", { name: "Adresse de la boutique" });
    await user.clear(url);
    await user.type(url, "https://boutique.fr");
    await user.click(within(card).getByRole("button", { name: "Connecter" }));
    const panel = await screen.findByRole("region", { name: "WooCommerce · https://boutique.fr" });
    const [made] = (await apiAs<{ results: { id: string }[] }>(app.user, "/company/integrations/")).body
      .results;
    const { body: secret } = await apiAs<{ secret: string }>(
      app.user,
      `/company/integrations/${made?.id}/secret/`,
    );
    expect(panel).toHaveTextContent("En attente");
    expect(panel).toHaveTextContent("« Commande mise à jour »");
    expect(panel).toHaveTextContent(`/api/v1/integrations/${made?.id}/webhook/`);
    expect(panel).toHaveTextContent(secret.secret);
    expect(await within(panel).findByText("Aucune commande reçue pour l'instant.")).toBeInTheDocument();
    // Each copy button's name starts with what it shows, then says what it copies (label in name).
    for (const what of ["URL du webhook", "Secret de signature"]) {
      const copy = within(panel).getByRole("button", { name: `Copier : ${what}` });
      expect(copy).toHaveTextContent(/^Copier$/);
    }

    // The shop's first delivery, signed as WooCommerce signs (an order still in progress: logged, not taken).
    const delivery = JSON.stringify({ id: 900, number: "WC-900", status: "processing", line_items: [] });
    const received = await fetch(`${apiBaseUrl}/integrations/${made?.id}/webhook/`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-wc-webhook-topic": "order.updated",
        "x-wc-webhook-delivery-id": "vitest-900",
        "x-wc-webhook-signature": createHmac("sha256", secret.secret).update(delivery).digest("base64"),
      },
      body: delivery,
    });
    expect(received.status).toBe(200);

    // After a reload the secret is masked until the owner asks for it; the log lists the delivery in a
    // table whose sideways scroller is reachable by keyboard, named after the connection.
    app.unmount();
    renderApp("/settings/integrations");
    const again = await screen.findByRole("region", { name: "WooCommerce · https://boutique.fr" });
    expect(again).not.toHaveTextContent(secret.secret);
    await waitFor(() => expectTableScroller(again, "Journal de WooCommerce, https://boutique.fr"));
    await user.click(within(again).getByRole("button", { name: "Afficher le secret" }));
    await waitFor(() => expect(again).toHaveTextContent(secret.secret));

    await user.click(within(again).getByRole("button", { name: "Déconnecter https://boutique.fr" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Déconnecter cette boutique ?" });
    await user.click(within(dialog).getByRole("button", { name: "Déconnecter" }));
    expect(await screen.findByText("Aucune boutique connectée.")).toBeInTheDocument();
  });

  it("a Shopify connection waits for the shop's own secret, pasted after the URL, and lets the shop choose when the delay starts", async () => {
    const app = await renderSignedIn("/settings/integrations");
    const user = userEvent.setup();
    const card = await screen.findByRole("region", { name: "Connexions de la boutique" });
    await within(card).findByText("Aucune boutique connectée.");
    await user.type(
      within(card).getByRole("textbox", { name: "Adresse de la boutique" }),
      "https://boutique-shopify.fr",
    );
    await user.click(within(card).getByRole("button", { name: "Connecter" }));
    const panel = await screen.findByRole("region", { name: "Shopify · https://boutique-shopify.fr" });
    expect(panel).toHaveTextContent("En attente du secret");
    expect(panel).toHaveTextContent(
      "Les commandes de Shopify sont refusées tant que le secret de signature de la boutique n'est pas indiqué ci-dessous.",
    );
    expect(within(panel).queryByText("Secret de signature")).toBeNull();

    await user.type(within(panel).getByLabelText("Secret de signature de la boutique"), "court");
    await user.click(within(panel).getByRole("button", { name: "Enregistrer le secret" }));
    expect(
      await within(panel).findByText("Collez le secret de signature en entier (au moins 16 caractères)."),
    ).toBeInTheDocument();
    const field = within(panel).getByLabelText("Secret de signature de la boutique");
    await user.clear(field);
    await user.type(field, "5f3a0c4e9d2b7a1c8e6f4d2b0a9c7e5f");
    await user.click(within(panel).getByRole("button", { name: "Enregistrer le secret" }));
    await waitFor(() => expect(panel).not.toHaveTextContent("En attente du secret"));
    expect(panel).toHaveTextContent("En attente");

    await user.click(within(panel).getByRole("combobox", { name: "La demande d'avis part" }));
    await user.click(await screen.findByRole("option", { name: "au paiement de la commande" }));
    await waitFor(async () => {
      const { body } = await apiAs<{ results: { delay_start: string }[] }>(
        app.user,
        "/company/integrations/",
      );
      expect(body.results[0]?.delay_start).toBe("paid");
    });
  });

  it("a moderator is told who manages connections", async () => {
    const owner = await seed.account({ plan: "LANCEMENT" });
    const moderator = await seed.account({ companyId: owner.company?.id ?? "", role: "moderator" });
    signIn(moderator.user);
    renderApp("/settings/integrations");
    expect(
      await screen.findByText(
        "Les connexions de la boutique sont gérées par les administrateurs et les managers.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Connexions de la boutique" })).toBeNull();
  });
});
