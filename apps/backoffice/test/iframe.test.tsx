import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IframeRoute } from "../src/features/iframe/routes/iframe";
import { renderApp, renderWithProviders } from "./support/render-app";
import { apiAs, apiBaseUrl, seed, signIn } from "./support/test-api";

const origin = () => window.location.origin;
/** WIDGET_URL of the test API (createTestApp): another origin than the back-office's page. */
const widgetOrigin = "http://certavis.test";

async function openConfigurator() {
  const { user, company } = await seed.account();
  if (!company) throw new Error("company expected");
  const [lamp] = await seed.products({ companyId: company.id, products: [{ name: "Lampe Aurore" }] });
  if (!lamp) throw new Error("product expected");
  signIn(user);
  renderApp("/iframe");
  await screen.findByRole("heading", { name: "Iframe", level: 1 });
  return { companyId: company.id, productId: lamp.id };
}

const codeOf = (label: string) => {
  const section = screen.getByText(label, { selector: "p" }).closest("section");
  if (!section) throw new Error(`no code block ${label}`);
  return section.querySelector("code")?.textContent ?? "";
};
const preview = () => screen.getByTitle("Aperçu") as HTMLIFrameElement;

async function choose(user: ReturnType<typeof userEvent.setup>, option: string) {
  await user.click(screen.getByRole("combobox", { name: "Produit" }));
  await user.click(await screen.findByRole("option", { name: option }));
  await waitFor(() => expect(screen.getByRole("combobox", { name: "Produit" })).toHaveTextContent(option));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("widget configurator /iframe (real API)", () => {
  it("builds the spec's plain iframe (height 520) and the /embed.js snippet for all products by default", async () => {
    const { companyId } = await openConfigurator();
    const src = `${widgetOrigin}/widget?company_id=${companyId}&accent_color=%2310b981`;
    await waitFor(() =>
      expect(codeOf("Iframe simple")).toBe(
        `<iframe src="${src.replace(/&/g, "&amp;")}" width="100%" height="520" style="border:0" title="Avis clients" loading="lazy"></iframe>`,
      ),
    );
    expect(codeOf("Script (hauteur automatique)")).toBe(
      [
        `<div data-certavis-widget data-company-id="${companyId}">`,
        `<iframe data-certavis-frame src="${src.replace(/&/g, "&amp;")}" width="100%" height="520" style="border:0;display:block" title="Avis clients" loading="lazy"></iframe>`,
        "</div>",
        `<script src="${widgetOrigin}/embed.js" async></script>`,
      ].join("\n"),
    );
    expect(preview().src).toBe(src);
    expect(preview().getAttribute("height")).toBe("520");
    expect(screen.getByRole("link", { name: "Ouvrir l'aperçu" })).toHaveAttribute("href", src);
    expect(
      screen.getByText("Choisissez un produit : les données structurées décrivent un produit."),
    ).toBeVisible();
  });

  it("follows the product, 'reviews only' and the accent colour (invalid → #10b981) in the code and the preview", async () => {
    const { companyId, productId } = await openConfigurator();
    const user = userEvent.setup();
    await choose(user, "Lampe Aurore");
    await user.click(screen.getByRole("switch"));
    const hex = screen.getByRole("textbox", { name: "Code hexadécimal de la couleur d'accent" });
    await user.clear(hex);
    await user.type(hex, "#f00");
    const src = `${widgetOrigin}/widget?company_id=${companyId}&product_id=${productId}&show_header=0&accent_color=%23f00`;
    expect(preview().src).toBe(src);
    expect(codeOf("Iframe simple")).toContain(`src="${src.replace(/&/g, "&amp;")}"`);
    expect(codeOf("Script (hauteur automatique)")).toContain(
      `<div data-certavis-widget data-company-id="${companyId}" data-product-id="${productId}" data-jsonld="1">`,
    );
    expect(screen.getByLabelText("Choisir la couleur d'accent")).toHaveValue("#ff0000");

    await user.clear(hex);
    await user.type(hex, "vert");
    expect(screen.getByText("Couleur invalide : #10b981 sera utilisée.")).toBeVisible();
    expect(hex).toHaveAttribute("aria-invalid", "true");
    expect(preview().src).toContain("accent_color=%2310b981");
    expect(codeOf("Script (hauteur automatique)")).toContain("accent_color=%2310b981");
  });

  it("offers the product's JSON-LD: the server address (which answers schema.org JSON-LD) and the script option", async () => {
    const { companyId, productId } = await openConfigurator();
    const user = userEvent.setup();
    await choose(user, "Lampe Aurore");
    const path = `/public/reviews/jsonld/?company_id=${companyId}&product_id=${productId}`;
    expect(codeOf("Adresse des données structurées (pour votre serveur)")).toBe(`${origin()}/api/v1${path}`);
    const response = await fetch(`${apiBaseUrl}${path}`);
    expect(response.headers.get("content-type")).toBe("application/ld+json; charset=utf-8");
    expect(await response.json()).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Lampe Aurore",
    });
    expect(
      screen.getByRole("link", {
        name: "Vérifiez ensuite la page avec le test des résultats enrichis de Google.",
      }),
    ).toHaveAttribute("href", "https://search.google.com/test/rich-results");
    await user.click(
      screen.getByRole("checkbox", { name: /Ajouter les données structurées avec le script/ }),
    );
    expect(codeOf("Script (hauteur automatique)")).not.toContain("data-jsonld");
  });

  it("gives the badge code: the SVG badge linked to the company's public page, no script", async () => {
    const { companyId } = await openConfigurator();
    const code = await waitFor(() => {
      const text = codeOf("Code du badge");
      expect(text).toContain("/avis/");
      return text;
    });
    const slug = /\/avis\/([a-z0-9-]+)"/.exec(code)?.[1] ?? "";
    expect(code).toBe(
      `<a href="${origin()}/avis/${slug}"><img src="${origin()}/api/v1/public/badge.svg?company_id=${companyId}" width="180" height="60" alt="Avis vérifiés par Certavis"></a>`,
    );
    expect(screen.getByRole("link", { name: "Voir votre page publique" })).toHaveAttribute(
      "href",
      `${origin()}/avis/${slug}`,
    );
    const badge = await fetch(`${apiBaseUrl}/public/badge.svg?company_id=${companyId}`);
    expect(badge.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
  });

  it("gives the listing stars' code (a SKU to fill in, or the chosen product linked to its page) and the Google panel (thresholds, both feeds, Merchant Center steps)", async () => {
    const { companyId, productId } = await openConfigurator();
    const box = 'style="display:inline-block;width:7.5em;height:1.25em;vertical-align:middle"';
    const loader = `<script src="${widgetOrigin}/embed.js?stars" async></script>`;
    await waitFor(() =>
      expect(codeOf("Code des étoiles")).toBe(
        `<span data-certavis-stars data-company-id="${companyId}" data-sku="VOTRE-REFERENCE" ${box}></span>\n${loader}`,
      ),
    );
    const user = userEvent.setup();
    await choose(user, "Lampe Aurore");
    const slug = /\/avis\/([a-z0-9-]+)"/.exec(codeOf("Code du badge"))?.[1] ?? "";
    expect(codeOf("Code des étoiles")).toBe(
      `<span data-certavis-stars data-company-id="${companyId}" data-product-id="${productId}" data-href="${origin()}/avis/${slug}/produits/${productId}" ${box}></span>\n${loader}`,
    );
    const feed = `${origin()}/api/v1/public/feeds/google-product-reviews.xml?company_id=${companyId}`;
    expect(codeOf("Adresse du flux d'avis produits")).toBe(feed);
    expect(screen.getByRole("heading", { name: "Dans Google Merchant Center", level: 3 })).toBeVisible();
    expect(screen.getByText(/Activez le programme « Avis sur les produits »/)).toBeVisible();
    // The 'Google' panel: exact counts against Google's thresholds, and the store-ratings feed.
    expect(
      await screen.findByText("Avis sur la boutique des 12 derniers mois (FR) : 0 sur environ 100"),
    ).toBeVisible();
    expect(screen.getByText("Avis produits dans le flux : 0 sur 50")).toBeVisible();
    expect(
      screen.getByRole("progressbar", { name: "Avis sur la boutique pour la note Google" }),
    ).toBeVisible();
    expect(codeOf("Adresse du flux d'avis sur la boutique")).toBe(
      `${origin()}/api/v1/public/feeds/google-merchant-reviews.xml?company_id=${companyId}`,
    );
    expect(screen.getByRole("heading", { name: "Pour la note de la boutique", level: 3 })).toBeVisible();
    const response = await fetch(
      `${apiBaseUrl}/public/feeds/google-product-reviews.xml?company_id=${companyId}`,
    );
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(await response.text()).toContain("<version>2.4</version>");
  });

  it("says in the Google panel that the store-ratings feed needs moderation by Certavis, with the way to Entreprise, until Certavis moderates", async () => {
    const { user, company } = await seed.account();
    if (!company) throw new Error("company expected");
    signIn(user);
    const needsCertavis =
      "Le flux des notes de boutique de Google ne reprend que les boutiques dont la modération est confiée à Certavis : vos avis sur la boutique n'y entrent pas, et ne comptent pas ci-dessous, tant que vous les modérez vous-même.";
    const first = renderApp("/iframe");
    const note = await screen.findByText(needsCertavis);
    expect(
      within(note.closest(".rt-CalloutRoot") as HTMLElement).getByRole("link", {
        name: "Confier la modération à Certavis (Paramètres, Entreprise)",
      }),
    ).toHaveAttribute("href", "/settings/company");
    expect(
      screen.getByText("Avis sur la boutique des 12 derniers mois (FR) : 0 sur environ 100"),
    ).toBeVisible();
    first.unmount();

    const moderated = await apiAs(user, "/company/moderation/", {
      method: "PUT",
      body: JSON.stringify({ mode: "certavis" }),
    });
    expect(moderated.status).toBe(200);
    renderApp("/iframe");
    expect(
      await screen.findByText("Avis sur la boutique des 12 derniers mois (FR) : 0 sur environ 100"),
    ).toBeVisible();
    expect(screen.queryByText(needsCertavis)).toBeNull();
  });

  it("copies the code by keyboard with 'Code copié', and says 'Impossible de copier' when the clipboard refuses", async () => {
    await openConfigurator();
    // user-event puts its own clipboard in place at setup: its writes are watched.
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText");
    const copyPlain = screen.getByRole("button", { name: "Copier le code : Iframe simple" });
    copyPlain.focus();
    await user.keyboard("{Enter}");
    expect(writeText).toHaveBeenCalledWith(codeOf("Iframe simple"));
    const block = copyPlain.closest("section") as HTMLElement;
    expect(within(block).getByRole("status")).toHaveTextContent("Code copié");

    writeText.mockRejectedValueOnce(new DOMException("denied", "NotAllowedError"));
    await user.click(screen.getByRole("button", { name: "Copier le code : Script (hauteur automatique)" }));
    const notifications = screen.getByRole("region", { name: "Notifications" });
    await waitFor(() => expect(notifications).toHaveTextContent("Erreur"));
    expect(notifications).toHaveTextContent("Impossible de copier");
  });

  it("says 'Configuration incomplète' when the company cannot be loaded, with no code to copy", async () => {
    localStorage.clear();
    renderWithProviders(<IframeRoute />);
    expect((await screen.findAllByText("Configuration incomplète")).length).toBeGreaterThan(0);
    expect(screen.queryByRole("button", { name: /Copier/ })).toBeNull();
    expect(screen.queryByTitle("Aperçu")).toBeNull();
  });
});
