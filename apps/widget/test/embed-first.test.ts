import { afterEach, describe, expect, it, vi } from "vitest";
import { startFirst } from "../src/features/embed/embed-first";
import { NEAR_VIEWPORT } from "../src/features/embed/embed-selectors";

const ORIGIN = "https://avis.certavis.fr";
const part = (name: string) => `script[src="${ORIGIN}/embed.js?${name}"]`;

afterEach(() => {
  document.body.innerHTML = "";
  document.head.innerHTML = "";
  vi.unstubAllGlobals();
});

function add(html: string) {
  document.body.insertAdjacentHTML("beforeend", html);
}

/** An IntersectionObserver the test drives: what it observes, and its callback. */
function fakeObserver() {
  const state = {
    observed: [] as Element[],
    margin: "",
    disconnected: false,
    notify: (_entries: { isIntersecting: boolean; target: Element }[]) => {},
  };
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      constructor(callback: typeof state.notify, options: { rootMargin: string }) {
        state.notify = callback;
        state.margin = options.rootMargin;
      }
      observe(target: Element) {
        state.observed.push(target);
      }
      disconnect() {
        state.disconnected = true;
      }
    },
  );
  return state;
}

describe("/embed.js, the first part", () => {
  it("brings nothing to a page without widget or stars", () => {
    const io = fakeObserver();
    startFirst(window, ORIGIN);
    expect(document.querySelectorAll("script")).toHaveLength(0);
    expect(io.observed).toEqual([]);
  });

  it("brings the stars' code only to a page with star tags, once", () => {
    fakeObserver();
    add('<span data-certavis-stars data-company-id="c1" data-sku="A"></span>');
    startFirst(window, ORIGIN);
    startFirst(window, ORIGIN);
    // One script, in <head> (a script added by the DOM runs async: HTML's "force async"; jsdom does not show it).
    expect(document.head.querySelectorAll(part("stars"))).toHaveLength(1);
    expect(document.querySelector(part("widget"))).toBeNull();
  });

  it("brings the widget part at once to a page holding a widget frame (the configurator's code)", () => {
    const io = fakeObserver();
    add(
      `<div data-certavis-widget data-company-id="c1"><iframe data-certavis-frame src="about:blank"></iframe></div>`,
    );
    startFirst(window, ORIGIN);
    expect(document.querySelectorAll(part("widget"))).toHaveLength(1);
    expect(io.observed).toEqual([]);
  });

  it("brings the widget part at once to a page that asks for its product's JSON-LD", () => {
    fakeObserver();
    add('<div data-certavis-widget data-company-id="c1" data-product-id="p1" data-jsonld="1"></div>');
    startFirst(window, ORIGIN);
    expect(document.querySelectorAll(part("widget"))).toHaveLength(1);
  });

  it("waits until a bare placeholder nears the viewport, then brings the widget part once", () => {
    const io = fakeObserver();
    add(
      '<div data-certavis-widget data-company-id="c1"></div><div data-certavis-widget data-company-id="c2"></div>',
    );
    startFirst(window, ORIGIN);
    expect(io.margin).toBe(NEAR_VIEWPORT);
    expect(io.observed).toHaveLength(2);
    expect(document.querySelector(part("widget"))).toBeNull();
    const [first, second] = io.observed as [Element, Element];
    io.notify([
      { isIntersecting: false, target: first },
      { isIntersecting: false, target: second },
    ]);
    expect(document.querySelector(part("widget"))).toBeNull();
    io.notify([{ isIntersecting: true, target: second }]);
    expect(document.querySelectorAll(part("widget"))).toHaveLength(1);
    expect(io.disconnected).toBe(true);
    // Nothing is written to the placeholders themselves.
    expect(first.getAttributeNames()).toEqual(["data-certavis-widget", "data-company-id"]);
  });

  it("brings the widget part at once where there is no IntersectionObserver", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    add('<div data-certavis-widget data-company-id="c1"></div>');
    startFirst(window, ORIGIN);
    expect(document.querySelectorAll(part("widget"))).toHaveLength(1);
  });

  it("while the page is still loading, waits for it to be parsed", () => {
    fakeObserver();
    add('<div data-certavis-widget data-company-id="c1" data-product-id="p1" data-jsonld="1"></div>');
    Object.defineProperty(document, "readyState", { value: "loading", configurable: true });
    try {
      startFirst(window, ORIGIN);
      expect(document.querySelector(part("widget"))).toBeNull();
      document.dispatchEvent(new Event("DOMContentLoaded"));
      expect(document.querySelectorAll(part("widget"))).toHaveLength(1);
    } finally {
      Reflect.deleteProperty(document, "readyState");
    }
  });
});
