import { starsLabel } from "@certavis/i18n-fr/messages/stars-label";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fillStars, isStarsLink } from "../src/features/embed/listing-stars";

const ORIGIN = "https://avis.certavis.fr";

afterEach(() => {
  document.body.innerHTML = "";
  document.head.innerHTML = "";
});

function span(attributes: Record<string, string>): HTMLElement {
  const element = document.createElement("span");
  element.setAttribute("data-certavis-stars", "");
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.appendChild(element);
  return element;
}

const answer = (ratings: Record<string, { average: number; count: number }>) =>
  vi.fn(async (_url: RequestInfo | URL) => new Response(JSON.stringify({ ratings }), { status: 200 }));

describe("listing page stars", () => {
  it("says '4,3 sur 5, 12 avis' in French, thousands grouped", () => {
    expect(starsLabel(4.26, 12)).toBe("4,3 sur 5, 12 avis");
    expect(starsLabel(5, 1)).toBe("5,0 sur 5, 1 avis");
    expect(starsLabel(3.04, 12345)).toBe("3,0 sur 5, 12\u202f345 avis");
    expect(starsLabel(4.96, 3)).toBe("5,0 sur 5, 3 avis");
  });

  it("links only to an http(s) address or a path of the host's site", () => {
    for (const href of ["/avis/maison", "/", "https://boutique.fr/p", "HTTP://boutique.fr"])
      expect(isStarsLink(href), href).toBe(true);
    for (const href of [
      null,
      "javascript:alert(1)",
      "//autre.site/p",
      "/\\autre.site",
      "p/1",
      "ftp://x",
      "http:/x",
    ])
      expect(isStarsLink(href), String(href)).toBe(false);
  });

  it("fills every span of the page from one request, accessibly, and leaves an unreviewed one empty", async () => {
    const lamp = span({ "data-company-id": "c1", "data-sku": "LAMP-1" });
    const vase = span({
      "data-company-id": "c1",
      "data-sku": "VASE&2",
      "data-href": "/avis/maison/produits/p2",
    });
    const twin = span({ "data-company-id": "c1", "data-sku": "LAMP-1" });
    const none = span({ "data-company-id": "c1", "data-sku": "NONE" });
    twin.textContent = "Avis clients"; // a shop's fallback text: replaced by the stars
    const fetchImpl = answer({ "LAMP-1": { average: 4.3, count: 12 }, "VASE&2": { average: 5, count: 1 } });
    await fillStars(document, ORIGIN, starsLabel, fetchImpl);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl).toHaveBeenCalledWith(
      `${ORIGIN}/api/v1/public/ratings/?company_id=c1&skus=${encodeURIComponent("LAMP-1,VASE&2,NONE")}`,
    );
    // One box a product, named by the label: the stars, then the count.
    expect(lamp.children).toHaveLength(1);
    const img = lamp.querySelector('[role="img"]');
    expect(img?.parentElement).toBe(lamp);
    expect(img?.getAttribute("aria-label")).toBe("4,3 sur 5, 12 avis");
    expect(img?.textContent).toBe("★★★★★\u00a0(12)");
    // Gold up to 4.3 of 5 (86 %), grey after, painted through the stars' glyphs.
    const stars = img?.firstElementChild;
    expect(stars?.textContent).toBe("★★★★★");
    expect(stars?.getAttribute("style")).toContain("background-clip:text");
    expect(stars?.getAttribute("style")).toContain("linear-gradient(90deg,#b45309 86%,#d1d5db 0)");
    expect(twin.querySelector('[role="img"]')?.getAttribute("aria-label")).toBe("4,3 sur 5, 12 avis");
    expect(twin.textContent).toBe("★★★★★\u00a0(12)");
    const link = vase.querySelector("a");
    expect(link?.parentElement).toBe(vase);
    expect(link?.getAttribute("href")).toBe("/avis/maison/produits/p2");
    expect(link?.getAttribute("aria-label")).toBe("5,0 sur 5, 1 avis");
    expect(link?.hasAttribute("role")).toBe(false);
    expect(link?.textContent).toBe("★★★★★\u00a0(1)");
    expect(link?.firstElementChild?.getAttribute("style")).toContain("#b45309 100%");
    expect(none.childNodes).toHaveLength(0);
    // Filled once: a second pass (or a second copy of the loader) asks nothing; the host's page keeps
    // its attributes and gets no stylesheet.
    await fillStars(document, ORIGIN, starsLabel, fetchImpl);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(lamp.getAttributeNames()).toEqual(["data-certavis-stars", "data-company-id", "data-sku"]);
    expect(document.head.querySelectorAll("style")).toHaveLength(0);
  });

  it("/embed.js?stars (the listing pages' loader) fills the stars once the page is parsed", async () => {
    span({ "data-company-id": "c1", "data-sku": "LAMP-1" });
    const fetchSpy = vi.spyOn(window, "fetch").mockResolvedValue(new Response('{"ratings":{}}'));
    Object.defineProperty(document, "readyState", { value: "loading", configurable: true });
    try {
      await import("../src/features/embed/embed-stars");
      expect(fetchSpy).not.toHaveBeenCalled();
      document.dispatchEvent(new Event("DOMContentLoaded"));
      expect(fetchSpy).toHaveBeenCalledTimes(1);
      expect(String(fetchSpy.mock.calls[0]?.[0])).toContain(
        "/api/v1/public/ratings/?company_id=c1&skus=LAMP-1",
      );
    } finally {
      Reflect.deleteProperty(document, "readyState");
      fetchSpy.mockRestore();
    }
  });

  it("groups by company and key kind, 100 keys a request, never links to a javascript: address", async () => {
    for (let i = 0; i < 101; i++) span({ "data-company-id": "c1", "data-product-id": `P${i}` });
    const hostile = span({ "data-company-id": "c2", "data-sku": "A", "data-href": "javascript:alert(1)" });
    const quoted = span({ "data-company-id": "c2", "data-sku": "B", "data-href": '/p?a=1&b="><img src=x>' });
    const fetchImpl = answer({ A: { average: 2, count: 3 }, B: { average: 4, count: 1 } });
    await fillStars(document, ORIGIN, starsLabel, fetchImpl);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    expect(String(fetchImpl.mock.calls[0]?.[0])).toContain("product_ids=p0%2Cp1%2C");
    expect(hostile.querySelector("a")).toBeNull();
    expect(hostile.querySelector('[role="img"]')?.getAttribute("aria-label")).toBe("2,0 sur 5, 3 avis");
    // A link's address stays one attribute, whatever it holds.
    expect(quoted.querySelector("a")?.getAttribute("href")).toBe('/p?a=1&b="><img src=x>');
    expect(quoted.querySelector("img")).toBeNull();
  });
});
