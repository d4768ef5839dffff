import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AppProviders } from "../src/app/providers";
import { webhookDeliveriesQueryOptions } from "../src/features/webhooks/api/get-webhook-deliveries";
import { WebhookDeliveries } from "../src/features/webhooks/components/webhook-deliveries";
import { renderApp, testQueryClient } from "./support/render-app";
import { expectTableScroller } from "./support/table-scroller";
import { apiAs, seed, signIn } from "./support/test-api";
import { hoursAgo } from "./support/time";

/**
 * The back-office's wide tables scroll sideways inside their own scroller on a phone: each scroller is
 * in the tab order and named (axe scrollable-region-focusable), by the table's title, or by a name of its
 * own where the card around it is already a region of that title. The import's refused lines, the
 * invoices and an integration's log are checked by their own screens' tests.
 */
describe("table scrollers reachable by keyboard and named", () => {
  it("Commandes: the orders table", async () => {
    const { user, company } = await seed.account();
    if (!company) throw new Error("company expected");
    const [lamp] = await seed.products({ companyId: company.id, products: [{ name: "Lampe Aurore" }] });
    await seed.orders({ companyId: company.id, orders: [{ productId: lamp?.id ?? "" }] });
    signIn(user);
    renderApp("/orders");
    await screen.findByRole("heading", { name: "Commandes", level: 1 });
    await waitFor(() => expectTableScroller(document.body, "Commandes"));
  });

  it("Statistiques: the products table and each chart's data", async () => {
    const { user, company } = await seed.account();
    if (!company) throw new Error("company expected");
    const [lamp] = await seed.products({ companyId: company.id, products: [{ name: "Lampe Aurore" }] });
    await seed.reviews({
      companyId: company.id,
      reviews: [{ productId: lamp?.id ?? "", rating: 4, status: "approved", createdAt: hoursAgo(30) }],
    });
    signIn(user);
    renderApp("/reviews/insights");
    await screen.findByRole("heading", { name: "Statistiques", level: 1 });
    await waitFor(() => expectTableScroller(document.body, "Produits"));
    for (const chart of [
      "Note moyenne par période",
      "Avis reçus par période",
      "Répartition des notes publiées",
      "Des demandes aux avis publiés",
    ])
      expectTableScroller(document.body, chart);
  });

  it("Confidentialité: the excluded addresses, apart from their card's region", async () => {
    const { user } = await seed.account({ role: "admin" });
    const erased = await apiAs(user, "/company/privacy/erasures/", {
      method: "POST",
      body: JSON.stringify({ email: "parti@exemple.fr" }),
    });
    expect(erased.status).toBe(200);
    signIn(user);
    renderApp("/settings/privacy");
    const card = await screen.findByRole("region", { name: "Adresses exclues des envois" });
    await waitFor(() => expectTableScroller(card, "Tableau des adresses exclues"));
  });

  it("Webhooks: an endpoint's deliveries, apart from the region 'Envois vers …'", async () => {
    // No endpoint can be made here (the test API refuses every address it could send to): the
    // deliveries' first page as the API answers it, already in the cache.
    const client = testQueryClient();
    const { queryKey } = webhookDeliveriesQueryOptions("e1");
    client.setQueryDefaults(queryKey, { staleTime: Number.POSITIVE_INFINITY });
    client.setQueryData(queryKey, {
      count: 1,
      next: null,
      previous: null,
      results: [
        {
          id: "d1",
          message_id: "msg_1",
          event_type: "review.published",
          status: "failed",
          attempts: 5,
          status_code: 500,
          duration_ms: 120,
          error: null,
          next_attempt_at: null,
          delivered_at: null,
          created_at: "2026-11-20T10:00:00Z",
        },
      ],
    });
    render(
      <AppProviders client={client}>
        <WebhookDeliveries endpointId="e1" url="https://exemple.fr/hook" />
      </AppProviders>,
    );
    await waitFor(() => expectTableScroller(document.body, "Tableau des envois : https://exemple.fr/hook"));
  });
});
