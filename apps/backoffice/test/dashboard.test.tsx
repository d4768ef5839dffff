import { queryKeys } from "@certavis/api-client/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, onTestFinished } from "vitest";
import { getCompany } from "../src/lib/api/get-company";
import { getMe } from "../src/lib/api/get-me";
import { getSubscription } from "../src/lib/api/get-subscription";
import { setApiBaseUrl } from "../src/lib/api-client";
import { giveRejectionReason } from "./support/reject-review";
import { currentPath, renderApp, testQueryClient } from "./support/render-app";
import { apiAs, apiBaseUrl, seed, signIn } from "./support/test-api";
import { hoursAgo, utcWeekday } from "./support/time";

const WEEKDAYS = [
  ["monday", "Lun"],
  ["tuesday", "Mar"],
  ["wednesday", "Mer"],
  ["thursday", "Jeu"],
  ["friday", "Ven"],
  ["saturday", "Sam"],
  ["sunday", "Dim"],
] as const;

const dashboard = () => screen.findByRole("heading", { name: "Tableau de bord", level: 1 });
const card = (label: string) => {
  const title = screen.getByText(label, { selector: "span" });
  const root = title.closest(".rt-Card");
  if (!(root instanceof HTMLElement)) throw new Error(`no card ${label}`);
  return root;
};
/** The chart's weekly total 'n avis' / 'n commandes' (a number in <strong>, then the word). */
const legend = (word: string) => (_: string, element: Element | null) =>
  element?.tagName === "SPAN" && new RegExp(`^\\d+ ${word}$`).test(element.textContent ?? "");
const notifications = () => screen.getByRole("region", { name: "Notifications" });

/** A company with one product, reviews in every status over the last days, and orders this week. */
async function seedActivity() {
  const { user, company } = await seed.account({ firstName: "Camille", lastName: "Martin" });
  if (!company) throw new Error("company expected");
  const [lamp] = await seed.products({ companyId: company.id, products: [{ name: "Lampe Aurore" }] });
  if (!lamp) throw new Error("product expected");
  const reviews = {
    newest: { rating: 5, status: "approved", createdAt: hoursAgo(2), author: ["Léa", "Bernard"] },
    pending: { rating: 3, status: "pending", createdAt: hoursAgo(3), author: ["Hugo", "Lefèvre"] },
    yesterday: { rating: 4, status: "approved", createdAt: hoursAgo(26), author: ["Inès", "Fontaine"] },
    older: { rating: 2, status: "approved", createdAt: hoursAgo(74), author: ["Jules", "Garnier"] },
    lastMonth: { rating: 1, status: "rejected", createdAt: hoursAgo(24 * 12), author: ["Manon", "Vincent"] },
  } as const;
  const ids = await seed.reviews({
    companyId: company.id,
    reviews: Object.values(reviews).map((r) => ({
      productId: lamp.id,
      rating: r.rating,
      status: r.status,
      createdAt: r.createdAt,
      authorFirstName: r.author[0],
      authorLastName: r.author[1],
      answers:
        r.status === "pending"
          ? [
              { label: "Qualité", type: "rating", value: 3 },
              { label: "Votre commentaire", type: "textarea", value: "Un peu petite." },
              { label: "Recommanderiez-vous ?", type: "boolean", value: true },
            ]
          : [],
    })),
  });
  const orderDates = [hoursAgo(1), hoursAgo(25), hoursAgo(49)];
  await seed.orders({
    companyId: company.id,
    orders: orderDates.map((orderDate) => ({ productId: lamp.id, orderDate })),
  });
  return { user, company, lamp, reviews, orderDates, pendingId: ids[1]?.id ?? "" };
}

describe("dashboard (real API)", () => {
  it("shows the four cards, the weekly activity chart and the 3 latest reviews", async () => {
    const { user, reviews, orderDates } = await seedActivity();
    signIn(user);
    renderApp("/");
    await dashboard();

    // Mean of the approved ratings (5, 4, 2) with one decimal; every status counts in the total.
    await waitFor(() => expect(card("Note moyenne")).toHaveTextContent("Note moyenne3,7"));
    expect(card("Total avis")).toHaveTextContent("Total avis5");
    expect(card("Taux de croissance")).toHaveTextContent("Taux de croissance—");
    expect(card("Adresses en échec (30 jours)")).toHaveTextContent("Adresses en échec (30 jours)—");
    expect(card("Dernier avis")).toHaveTextContent("Dernier avisil y a 2 heures");

    const chart = screen.getByRole("list", { name: "Activité des avis" });
    const inWeek = Object.values(reviews).filter((r) => r.createdAt > hoursAgo(24 * 6));
    const expected = WEEKDAYS.map(([day, label]) => {
      const r = inWeek.filter((review) => utcWeekday(review.createdAt) === day).length;
      const o = orderDates.filter((date) => utcWeekday(date) === day).length;
      return `${label} : ${r} avis, ${o} commandes`;
    });
    expect(
      within(chart)
        .getAllByRole("listitem")
        .map((li) => li.getAttribute("aria-label")),
    ).toEqual(expected);
    expect(screen.getByText(legend("avis"))).toHaveTextContent(/^4 avis$/);
    expect(screen.getByText(legend("commandes"))).toHaveTextContent(/^3 commandes$/);

    const recent = screen.getByRole("heading", { name: "Avis récents" }).closest(".rt-Card") as HTMLElement;
    const items = within(recent).getAllByRole("button");
    const names = ["Léa Bernard", "Hugo Lefèvre", "Inès Fontaine"];
    expect(items).toHaveLength(names.length);
    for (const [index, name] of names.entries()) expect(items[index]).toHaveTextContent(name);
    expect(items[1]).toHaveTextContent("En attente");
    expect(within(recent).getByRole("link", { name: "Voir tout" })).toHaveAttribute("href", "/reviews");
  });

  it("opens 'Avis client' from a recent review, and moderates it: toast, data refreshed, dialog closed after the last approval", async () => {
    const { user, pendingId } = await seedActivity();
    signIn(user);
    const ui = userEvent.setup();
    renderApp("/");
    await dashboard();
    await waitFor(() => expect(card("Note moyenne")).toHaveTextContent("3,7"));

    await ui.click(screen.getByRole("button", { name: /Hugo Lefèvre/ }));
    const dialog = await screen.findByRole("dialog", { name: "Avis client" });
    expect(dialog).toHaveTextContent("Hugo Lefèvre");
    expect(dialog).toHaveTextContent("Lampe Aurore");
    expect(dialog).toHaveTextContent("3/5");
    expect(dialog).toHaveTextContent("il y a 3 heures");
    expect(
      within(dialog).getByRole("button", { name: /Changer le statut \(En attente\)/ }),
    ).toBeInTheDocument();
    const answers = within(dialog).getByRole("region", { name: "Réponses :" });
    expect(
      within(answers)
        .getAllByRole("term")
        .map((dt) => `${dt.textContent} = ${dt.nextElementSibling?.textContent}`),
    ).toEqual(["Qualité = 3/5", "Votre commentaire = Un peu petite.", "Recommanderiez-vous ? = Oui"]);
    expect(within(dialog).getByRole("button", { name: "Rejeter" })).toBeEnabled();

    await ui.click(within(dialog).getByRole("button", { name: "Valider l'avis" }));
    expect(await within(notifications()).findByText("Avis validé")).toBeInTheDocument();
    // No other pending review among the recent ones: an approval closes the dialog.
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    const stored = await apiAs<{ results: { id: string; status: string }[] }>(
      user,
      "/company/reviews/?status=approved",
    );
    expect(stored.body.results.map((r) => r.id)).toContain(pendingId);
    // Company figures refreshed: the mean now counts the approved 3.
    await waitFor(() => expect(card("Note moyenne")).toHaveTextContent("3,5"));
    expect(screen.getByRole("button", { name: /Hugo Lefèvre/ })).toHaveTextContent("Approuvé");
  });

  it("rejecting from the dialog toasts 'Avis rejeté' and keeps the dialog on the review", async () => {
    const { user } = await seedActivity();
    signIn(user);
    const ui = userEvent.setup();
    renderApp("/");
    await dashboard();
    await ui.click(await screen.findByRole("button", { name: /Hugo Lefèvre/ }));
    const dialog = await screen.findByRole("dialog", { name: "Avis client" });
    await ui.click(within(dialog).getByRole("button", { name: "Rejeter" }));
    await giveRejectionReason(ui, "Propos injurieux, diffamatoires, discriminatoires ou contraires à la loi");
    expect(await within(notifications()).findByText("Avis rejeté")).toBeInTheDocument();
    expect(
      await within(dialog).findByText(
        "Motif du rejet : Propos injurieux, diffamatoires, discriminatoires ou contraires à la loi",
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).queryByRole("button", { name: "Valider l'avis" })).not.toBeInTheDocument(),
    );
    expect(within(dialog).queryByRole("button", { name: /Changer le statut/ })).not.toBeInTheDocument();
  });

  it("shows dashes and an empty list for a company without reviews", async () => {
    const { user } = await seed.account();
    signIn(user);
    renderApp("/");
    await dashboard();
    await waitFor(() => expect(card("Total avis")).toHaveTextContent("Total avis0"));
    expect(card("Note moyenne")).toHaveTextContent("Note moyenne—");
    expect(card("Dernier avis")).toHaveTextContent("Dernier avis—");
    expect(screen.getByText("Aucun avis pour le moment.")).toBeInTheDocument();
    expect(
      within(screen.getByRole("list", { name: "Activité des avis" }))
        .getAllByRole("listitem")
        .map((li) => li.getAttribute("aria-label")),
    ).toEqual(WEEKDAYS.map(([, label]) => `${label} : 0 avis, 0 commandes`));
  });

  it("says so when the company cannot be loaded, and 'Réessayer' loads it", async () => {
    const { user } = await seed.account();
    signIn(user);
    const client = testQueryClient();
    client.setQueryData(queryKeys.me, await getMe());
    // A real network failure: nothing listens on that port.
    setApiBaseUrl("http://127.0.0.1:9/api/v1");
    onTestFinished(() => setApiBaseUrl(apiBaseUrl));
    renderApp("/", client);
    expect(await screen.findByRole("alert")).toHaveTextContent("Impossible de charger le tableau de bord.");
    setApiBaseUrl(apiBaseUrl);
    await userEvent.setup().click(screen.getByRole("button", { name: "Réessayer" }));
    await waitFor(() => expect(card("Total avis")).toHaveTextContent("Total avis0"));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("checkout=cancel: toast 'Paiement annulé', then the parameter leaves the address", async () => {
    const { user } = await seed.account();
    signIn(user);
    const app = renderApp("/?checkout=cancel&tab=x");
    await dashboard();
    const toast = await within(notifications()).findByText("Paiement annulé");
    expect(toast.parentElement).toHaveTextContent("Vous pourrez réessayer quand vous voulez.");
    await waitFor(() => expect(app.router.state.location.search).toBe("?tab=x"));
    expect(currentPath(app)).toBe("/");
  });

  it("checkout=success: company and subscription data refreshed, toast 'Abonnement mis à jour', parameter removed", async () => {
    const { user } = await seed.account();
    signIn(user);
    // Data already in the cache from before the checkout, fresh for ever unless invalidated.
    const client = testQueryClient();
    client.setDefaultOptions({ queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } });
    client.setQueryData(queryKeys.company, await getCompany());
    client.setQueryData(queryKeys.subscription, await getSubscription());
    const before = client.getQueryState(queryKeys.company)?.dataUpdatedAt ?? 0;
    const app = renderApp("/?checkout=success", client);
    await dashboard();
    const toast = await within(notifications()).findByText("Abonnement mis à jour");
    expect(toast.parentElement).toHaveTextContent("Vos informations d'abonnement ont été actualisées.");
    await waitFor(() => expect(app.router.state.location.search).toBe(""));
    await waitFor(() =>
      expect(client.getQueryState(queryKeys.company)?.dataUpdatedAt).toBeGreaterThan(before),
    );
    expect(client.getQueryState(queryKeys.subscription)?.isInvalidated).toBe(true);
    expect(within(notifications()).getAllByRole("status")).toHaveLength(1);
  });
});
