import { fr } from "@certavis/i18n-fr";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { PublicReview } from "../src/features/reviews/api/public-reviews";
import { Widget } from "../src/features/reviews/components/widget";
import { parseWidgetParams } from "../src/lib/widget-params";
import { publicReviews, review } from "./fixtures";

function renderWidget(reviews: PublicReview[], search = "?company_id=c1", overrides = {}) {
  return render(
    <Widget
      params={parseWidgetParams(search)}
      state={{ kind: "ready", data: publicReviews(reviews, overrides) }}
    />,
  );
}

describe("widget header", () => {
  it("shows the company, 'Tous nos produits', the average with one decimal and a comma, and the count", () => {
    renderWidget([review()], "?company_id=c1", { metrics: { average_note: 4.25, reviews_count: 12 } });
    const header = screen.getByRole("banner");
    expect(within(header).getByRole("heading", { name: "Maison Lumière" })).toBeInTheDocument();
    expect(header).toHaveTextContent(fr.widget.allProducts);
    expect(header).toHaveTextContent("4,3/5");
    expect(header).toHaveTextContent("12 avis");
  });

  it("names the selected product and rounds counts from 1000 to the hundred", () => {
    renderWidget([review()], "?company_id=c1&product_id=p1", {
      product: { id: "p1", name: "Lampe Aurore", image: null, mean_note: 4, reviews_count: 1249 },
      metrics: { average_note: 4, reviews_count: 1249 },
    });
    const header = screen.getByRole("banner");
    expect(header).toHaveTextContent("Lampe Aurore");
    expect(header).toHaveTextContent("4,0/5");
    expect(header.textContent?.replace(/\s/g, " ")).toContain("1 200 avis");
  });

  it("shows only the count while there is no average", () => {
    renderWidget([], "?company_id=c1", { metrics: { average_note: null, reviews_count: 0 } });
    const header = screen.getByRole("banner");
    expect(header).toHaveTextContent("0 avis");
    expect(header).not.toHaveTextContent("/5");
    expect(screen.getByText(fr.widget.empty)).toBeInTheDocument();
  });

  it.each(["0", "false", "FALSE"])("is hidden when show_header=%s", (value) => {
    renderWidget([review()], `?company_id=c1&show_header=${value}`);
    expect(screen.queryByRole("banner")).toBeNull();
    expect(screen.queryByText("Maison Lumière")).toBeNull();
  });

  it.each(["1", "true", ""])("is shown when show_header=%s", (value) => {
    renderWidget([review()], `?company_id=c1&show_header=${value}`);
    expect(screen.getByRole("banner")).toBeInTheDocument();
  });
});

describe("widget reviews", () => {
  it("shows at most 10 reviews", () => {
    renderWidget(Array.from({ length: 12 }, () => review()));
    expect(screen.getAllByRole("article")).toHaveLength(10);
  });

  it("uses a list up to 3 reviews and a carousel above", () => {
    const { unmount } = renderWidget([review(), review(), review()]);
    expect(screen.getByRole("list")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: fr.widget.title })).toBeNull();
    unmount();
    renderWidget([review(), review(), review(), review()]);
    expect(screen.getByRole("region", { name: fr.widget.title })).toHaveAttribute(
      "aria-roledescription",
      "carrousel",
    );
  });

  it("cuts comments over 150 characters with 'Lire plus', not those of 150", () => {
    renderWidget([review({ comment: "a".repeat(150) }), review({ comment: `${"b".repeat(150)}c` })]);
    const [exact, long] = screen.getAllByRole("article");
    expect(within(exact as HTMLElement).queryByRole("button", { name: fr.widget.readMore })).toBeNull();
    expect(exact).toHaveTextContent("a".repeat(150));
    expect(within(long as HTMLElement).getByRole("button", { name: fr.widget.readMore })).toBeInTheDocument();
    expect(long).toHaveTextContent(`${"b".repeat(150)}…`);
    expect(long).not.toHaveTextContent(`${"b".repeat(150)}c`);
  });

  it("says 'Cet avis ne contient pas de commentaire.' for a review without comment", () => {
    renderWidget([review({ comment: null }), review({ comment: "   " })]);
    expect(screen.getAllByText(fr.widget.noComment)).toHaveLength(2);
  });

  it("shows the certified-reviews notice, the sort order, the procedure link and both dates", () => {
    renderWidget([
      review({
        id: "5b9e2f4c-7a1d-4e8b-9c3f-2d6a8b0e4f71",
        published_at: "2026-11-22T10:00:00.000Z",
        experience_date: "2026-11-15T10:00:00.000Z",
      }),
    ]);
    expect(
      screen.getByText("Avis certifiés : collectés après une commande, puis modérés"),
    ).toBeInTheDocument();
    expect(screen.getByText(/du plus récent au plus ancien/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /contrôlés/ })).toHaveAttribute(
      "href",
      "/widget/fonctionnement?company_id=3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a",
    );
    expect(
      screen.getByText("Modération indépendante par Certavis depuis le 20 novembre 2026"),
    ).toBeInTheDocument();
    const card = screen.getByRole("article");
    expect(card).toHaveTextContent("Publié le 22 nov. 2026");
    expect(within(card).getByRole("link", { name: "Signaler" })).toHaveAttribute(
      "href",
      "/signaler/5b9e2f4c-7a1d-4e8b-9c3f-2d6a8b0e4f71",
    );
    expect(card).toHaveTextContent("Commande du 15 nov. 2026");
  });

  it("shows the company's reply under a review, as text", () => {
    renderWidget([
      review({ reply: { body: "Merci <b>Léa</b> !", created_at: "2026-11-23T09:00:00.000Z" } }),
      review({ reply: null }),
    ]);
    const [answered, other] = screen.getAllByRole("article");
    expect(answered).toHaveTextContent("Réponse de l'entrepriseMerci <b>Léa</b> !");
    expect(other).not.toHaveTextContent("Réponse de l'entreprise");
  });

  it("says so when there is no review yet", () => {
    renderWidget([]);
    expect(screen.getByText(fr.widget.empty)).toBeInTheDocument();
  });
});

describe("review detail dialog", () => {
  it("opens with the whole comment from 'Lire plus' and closes with 'Fermer'", async () => {
    const user = userEvent.setup();
    const long = `${"Très belle lampe. ".repeat(12)}Fin du texte.`;
    renderWidget([review({ comment: long, title: "Superbe" })]);
    await user.click(screen.getByRole("button", { name: fr.widget.readMore }));
    const dialog = screen.getByRole("dialog", { name: "Superbe" });
    expect(dialog).toHaveTextContent("Fin du texte.");
    await user.click(within(dialog).getByRole("button", { name: fr.widget.close }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows a review's title and lazy photo thumbnails; a photo opens the review with it larger", async () => {
    const user = userEvent.setup();
    const url = "https://avis.example/uploads/reviews/c/salon.jpg";
    renderWidget([review({ title: "Superbe lumière", photos: [url] })]);
    const card = screen.getByRole("article");
    expect(within(card).getByRole("heading", { name: "Superbe lumière" })).toBeInTheDocument();
    const thumbnail = within(card).getByRole("button", { name: "Agrandir la photo 1 de l'avis de Léa B." });
    expect(thumbnail.querySelector("img")).toHaveAttribute("loading", "lazy");
    expect(thumbnail.querySelector("img")).toHaveAttribute("src", url);
    await user.click(thumbnail);
    const dialog = screen.getByRole("dialog", { name: "Superbe lumière" });
    const large = within(dialog).getByRole("img", { name: "Photo 1 de l'avis de Léa B." });
    expect(large).toHaveAttribute("src", url);
    expect(large.closest("a")).toHaveAttribute("href", url);
  });

  it("names the author once: as the heading when the review has no title", () => {
    renderWidget([
      review({ title: null, author_name: "Hugo L." }),
      review({ title: "Bien", author_name: "Léa B." }),
    ]);
    const [untitled, titled] = screen.getAllByRole("article");
    expect(untitled?.textContent?.match(/Hugo L\./g)).toHaveLength(1);
    expect(within(untitled as HTMLElement).getByRole("heading", { name: "Hugo L." })).toBeInTheDocument();
    expect(titled?.textContent?.match(/Léa B\./g)).toHaveLength(1);
  });

  it("opens from the review title, by keyboard too", async () => {
    const user = userEvent.setup();
    renderWidget([review({ title: "Parfait", comment: "Court." })]);
    screen.getByRole("button", { name: "Parfait" }).focus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("dialog", { name: "Parfait" })).toHaveTextContent("Court.");
  });
});

describe("hostile review text", () => {
  const hostile = [
    '<script>alert("x")</script>',
    '<img src=x onerror="alert(1)">',
    "😀🎉👍🏽 Très bien !",
    "منتج رائع جدا، أنصح به",
  ];

  it.each(hostile)("renders %s literally, as text", (text) => {
    const { container } = renderWidget([review({ title: text, comment: text, author_name: text })]);
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("[onerror]")).toBeNull();
    const card = screen.getByRole("article");
    expect(card.textContent).toContain(text);
    expect(card.querySelector(".cw-comment")).toHaveAttribute("dir", "auto");
  });

  it("cuts a 5,000-character comment in the card and shows it whole in the dialog", async () => {
    const user = userEvent.setup();
    const huge = `${"x".repeat(4999)}!`;
    renderWidget([review({ comment: huge, title: "Long" })]);
    const card = screen.getByRole("article");
    expect(card.querySelector(".cw-comment")?.textContent).toHaveLength(151);
    await user.click(screen.getByRole("button", { name: fr.widget.readMore }));
    expect(screen.getByRole("dialog").querySelector(".cw-comment")?.textContent).toBe(huge);
  });

  it("never splits an emoji when cutting", () => {
    renderWidget([review({ comment: "😀".repeat(200) })]);
    const text = screen.getByRole("article").querySelector(".cw-comment")?.textContent ?? "";
    expect(Array.from(text)).toHaveLength(151);
    expect(text).toBe(`${"😀".repeat(150)}…`);
  });
});

describe("widget messages", () => {
  it("shows an error state as an alert", () => {
    render(
      <Widget
        params={parseWidgetParams("")}
        state={{ kind: "error", message: fr.errors.widget.missingCompanyId }}
      />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Paramètre company_id manquant dans l'URL.");
  });

  it.each([
    ["loading", { kind: "loading" }],
    ["error", { kind: "error", message: fr.errors.widget.loadFailed }],
    ["ready without header", { kind: "ready", data: publicReviews([review()]) }],
  ] as const)("keeps a page heading in the %s state", (_name, state) => {
    render(<Widget params={parseWidgetParams("?company_id=c1&show_header=0")} state={state} />);
    expect(screen.getByRole("heading", { level: 1, name: fr.widget.title })).toBeInTheDocument();
  });

  it.each([
    ["loading", { kind: "loading" }],
    ["error", { kind: "error", message: fr.errors.widget.loadFailed }],
    ["ready", { kind: "ready", data: publicReviews([review()]) }],
  ] as const)(
    "names its main landmark in the %s state (the page around its frame has one too)",
    (_name, state) => {
      render(<Widget params={parseWidgetParams("?company_id=c1")} state={state} />);
      expect(screen.getByRole("main", { name: "Avis clients" })).toBeInTheDocument();
    },
  );
});
