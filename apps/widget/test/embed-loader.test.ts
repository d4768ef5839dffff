import { afterEach, describe, expect, it, vi } from "vitest";
import {
  DEFAULT_HEIGHT,
  listenForResize,
  mountWhenNear,
  mountWidgets,
  NEAR_VIEWPORT,
  startEmbed,
  widgetUrl,
} from "../src/features/embed/embed-loader";
import { loaderOrigin } from "../src/features/embed/embed-origin";
import { insertJsonLd, JSON_LD_ATTRIBUTE, jsonLdUrl } from "../src/features/embed/product-jsonld";

const ORIGIN = "https://avis.certavis.fr";

afterEach(() => {
  document.body.innerHTML = "";
  document.head.innerHTML = "";
});

/** Resize messages are applied in the next animation frame. */
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

function host(attributes: Record<string, string>): HTMLElement {
  const div = document.createElement("div");
  div.setAttribute("data-certavis-widget", "");
  for (const [name, value] of Object.entries(attributes)) div.setAttribute(name, value);
  document.body.appendChild(div);
  return div;
}

function resize(frameWindow: Window | null, origin: string, data: unknown) {
  window.dispatchEvent(new MessageEvent("message", { origin, source: frameWindow, data }));
}

describe("embed loader", () => {
  it("inserts a lazy, titled iframe of 520 px pointing at the widget with the data-* parameters", () => {
    host({
      "data-company-id": "c1",
      "data-product-id": "p1",
      "data-show-header": "0",
      "data-accent-color": "#ff0000",
    });
    const [frame] = mountWidgets(document, ORIGIN, "Avis clients");
    expect(frame).toBeDefined();
    expect(frame?.src).toBe(
      `${ORIGIN}/widget?company_id=c1&product_id=p1&show_header=0&accent_color=%23ff0000`,
    );
    expect(frame?.getAttribute("loading")).toBe("lazy");
    expect(frame?.title).toBe("Avis clients");
    expect(frame?.height).toBe(String(DEFAULT_HEIGHT));
  });

  it("mounts each element once", () => {
    host({ "data-company-id": "c1" });
    host({ "data-company-id": "c2" });
    expect(mountWidgets(document, ORIGIN, "Avis clients")).toHaveLength(2);
    expect(mountWidgets(document, ORIGIN, "Avis clients")).toHaveLength(0);
    expect(document.querySelectorAll("iframe")).toHaveLength(2);
  });

  it("omits empty parameters", () => {
    expect(widgetUrl(ORIGIN, host({ "data-company-id": "c1", "data-product-id": "" }))).toBe(
      `${ORIGIN}/widget?company_id=c1`,
    );
  });

  it("passes a product's sku (data-sku) in place of its id", () => {
    expect(widgetUrl(ORIGIN, host({ "data-company-id": "c1", "data-sku": "LAMP-001" }))).toBe(
      `${ORIGIN}/widget?company_id=c1&sku=LAMP-001`,
    );
  });

  it("resizes the iframe that sent the message from the loader's origin, and nothing else", async () => {
    host({ "data-company-id": "c1" });
    host({ "data-company-id": "c2" });
    const [first, second] = mountWidgets(document, ORIGIN, "Avis clients");
    const stop = listenForResize(window, ORIGIN);
    try {
      expect(first?.contentWindow).toBeTruthy();
      resize(first?.contentWindow ?? null, ORIGIN, { type: "certavis:resize", height: 733.2 });
      await nextFrame();
      expect(first?.height).toBe("734");
      expect(second?.height).toBe("520");

      // another origin, even from the right frame: ignored
      resize(second?.contentWindow ?? null, "https://evil.example", { type: "certavis:resize", height: 10 });
      expect(second?.height).toBe("520");
      // the right origin but not one of our frames: ignored
      resize(window, ORIGIN, { type: "certavis:resize", height: 10 });
      expect(first?.height).toBe("734");
      expect(second?.height).toBe("520");
      // other messages or nonsense heights: ignored
      resize(second?.contentWindow ?? null, ORIGIN, { type: "other", height: 99 });
      resize(second?.contentWindow ?? null, ORIGIN, { type: "certavis:resize", height: "abc" });
      resize(second?.contentWindow ?? null, ORIGIN, { type: "certavis:resize", height: -5 });
      resize(second?.contentWindow ?? null, ORIGIN, null);
      await nextFrame();
      expect(first?.height).toBe("734");
      expect(second?.height).toBe("520");
    } finally {
      stop();
    }
  });

  it("hands the space the page reserved over to the frame once it knows its height", async () => {
    const reserved = host({ "data-company-id": "c1", style: "min-height: 520px" });
    const [frame] = mountWidgets(document, ORIGIN, "Avis clients");
    const stop = listenForResize(window, ORIGIN);
    try {
      expect(reserved.style.minHeight).toBe("520px");
      resize(frame?.contentWindow ?? null, ORIGIN, { type: "certavis:resize", height: 330 });
      await nextFrame();
      expect(frame?.height).toBe("330");
      expect(reserved.style.minHeight).toBe("0px");
    } finally {
      stop();
    }
  });

  it("listens for heights only on a page that holds a widget (a listing page with stars has none)", () => {
    const stars = document.createElement("span");
    stars.setAttribute("data-certavis-stars", "");
    document.body.appendChild(stars);
    const listeners = vi.spyOn(window, "addEventListener");
    try {
      startEmbed(window, ORIGIN, "Avis clients")();
      expect(listeners.mock.calls.filter(([type]) => type === "message")).toHaveLength(0);
      host({ "data-company-id": "c1" });
      startEmbed(window, ORIGIN, "Avis clients")();
      expect(listeners.mock.calls.filter(([type]) => type === "message")).toHaveLength(1);
    } finally {
      listeners.mockRestore();
    }
  });

  it("while the page is still loading, listens at once for a frame already in the page and does the rest when it is parsed", () => {
    const configured = host({ "data-company-id": "c1" });
    configured.innerHTML = `<iframe data-certavis-frame src="${ORIGIN}/widget?company_id=c1"></iframe>`;
    host({ "data-company-id": "c2" });
    const listeners = vi.spyOn(window, "addEventListener");
    Object.defineProperty(document, "readyState", { value: "loading", configurable: true });
    let stop = () => {};
    try {
      stop = startEmbed(window, ORIGIN, "Avis clients");
      expect(listeners.mock.calls.filter(([type]) => type === "message")).toHaveLength(1);
      expect(document.querySelectorAll("iframe")).toHaveLength(1);
      document.dispatchEvent(new Event("DOMContentLoaded"));
      expect(document.querySelectorAll("iframe")).toHaveLength(2);
      // Still one listener: the start once parsed, and the frame it made, do not add a second.
      expect(listeners.mock.calls.filter(([type]) => type === "message")).toHaveLength(1);
    } finally {
      stop();
      Reflect.deleteProperty(document, "readyState");
      listeners.mockRestore();
    }
  });

  it("asks the frames already in the page for their height when it starts listening", () => {
    const configured = host({ "data-company-id": "c1" });
    configured.innerHTML = `<iframe data-certavis-frame src="about:blank"></iframe>`;
    const frame = configured.querySelector("iframe") as HTMLIFrameElement;
    const asked = vi.spyOn(frame.contentWindow as Window, "postMessage");
    const stop = listenForResize(window, ORIGIN);
    try {
      expect(asked.mock.calls).toEqual([[{ type: "certavis:height" }, ORIGIN]]);
    } finally {
      stop();
      asked.mockRestore();
    }
  });

  it("a bare placeholder waiting for the viewport gets no message listener until its frame is created", () => {
    let notify: (entries: { isIntersecting: boolean; target: Element }[]) => void = () => {};
    class FakeObserver {
      constructor(callback: typeof notify) {
        notify = callback;
      }
      observe() {}
      unobserve() {}
    }
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const listeners = vi.spyOn(window, "addEventListener");
    const messages = () => listeners.mock.calls.filter(([type]) => type === "message");
    let stop = () => {};
    try {
      const below = host({ "data-company-id": "c1" });
      stop = startEmbed(window, ORIGIN, "Avis clients");
      expect(messages()).toHaveLength(0);
      notify([{ isIntersecting: false, target: below }]);
      expect(messages()).toHaveLength(0);
      notify([{ isIntersecting: true, target: below }]);
      expect(below.querySelector("iframe")).not.toBeNull();
      expect(messages()).toHaveLength(1);
    } finally {
      stop();
      listeners.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it("starts from the widget's origin", () => {
    host({ "data-company-id": "c1" });
    startEmbed(window, ORIGIN, "Avis clients")();
    const frame = document.querySelector("iframe");
    expect(frame?.src.startsWith(`${ORIGIN}/widget?`)).toBe(true);
  });

  it("applies the heights a frame posts within one animation frame once, with the last one", async () => {
    host({ "data-company-id": "c1" });
    const [frame] = mountWidgets(document, ORIGIN, "Avis clients");
    const stop = listenForResize(window, ORIGIN);
    const writes = vi.spyOn(frame as HTMLIFrameElement, "height", "set");
    try {
      for (const height of [600, 640, 700])
        resize(frame?.contentWindow ?? null, ORIGIN, { type: "certavis:resize", height });
      expect(writes).not.toHaveBeenCalled();
      await nextFrame();
      expect(writes.mock.calls).toEqual([["700"]]);
    } finally {
      stop();
    }
  });

  it("creates the iframe only when its place comes near the viewport", () => {
    const observed: Element[] = [];
    let notify: (entries: { isIntersecting: boolean; target: Element }[]) => void = () => {};
    let margin = "";
    class FakeObserver {
      constructor(callback: typeof notify, options: { rootMargin: string }) {
        notify = callback;
        margin = options.rootMargin;
      }
      observe(target: Element) {
        observed.push(target);
      }
      unobserve(target: Element) {
        observed.splice(observed.indexOf(target), 1);
      }
    }
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    try {
      const below = host({ "data-company-id": "c1" });
      mountWhenNear(window, ORIGIN, "Avis clients");
      expect(margin).toBe(NEAR_VIEWPORT);
      expect(observed).toEqual([below]);
      expect(document.querySelector("iframe")).toBeNull();
      notify([{ isIntersecting: false, target: below }]);
      expect(document.querySelector("iframe")).toBeNull();
      notify([{ isIntersecting: true, target: below }]);
      expect(below.querySelector("iframe")?.src).toBe(`${ORIGIN}/widget?company_id=c1`);
      expect(observed).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('builds the JSON-LD address only for data-jsonld="1" with a product', () => {
    expect(
      jsonLdUrl(ORIGIN, host({ "data-company-id": "c1", "data-product-id": "p1", "data-jsonld": "1" })),
    ).toBe(`${ORIGIN}/api/v1/public/reviews/jsonld/?company_id=c1&product_id=p1`);
    expect(jsonLdUrl(ORIGIN, host({ "data-company-id": "c1", "data-product-id": "p1" }))).toBeNull();
    for (const product of ["all", "store"])
      expect(
        jsonLdUrl(ORIGIN, host({ "data-company-id": "c1", "data-product-id": product, "data-jsonld": "1" })),
      ).toBeNull();
    expect(jsonLdUrl(ORIGIN, host({ "data-company-id": "c1", "data-jsonld": "1" }))).toBeNull();
  });

  it("adds the product's JSON-LD to <head> once, as text, and nothing when the server refuses", async () => {
    host({ "data-company-id": "c1", "data-product-id": "p1", "data-jsonld": "1" });
    host({ "data-company-id": "c1", "data-product-id": "p1", "data-jsonld": "1" });
    host({ "data-company-id": "c1", "data-product-id": "p2", "data-jsonld": "1" });
    const body = '{"@context":"https://schema.org","@type":"Product","name":"\\u003c/script>"}';
    const fetchImpl = vi.fn(async (url: string) =>
      url.endsWith("p1") ? new Response(body, { status: 200 }) : new Response("", { status: 404 }),
    );
    await Promise.all(insertJsonLd(document, ORIGIN, fetchImpl as unknown as typeof fetch));
    await Promise.all(insertJsonLd(document, ORIGIN, fetchImpl as unknown as typeof fetch));
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    const scripts = document.head.querySelectorAll(`script[${JSON_LD_ATTRIBUTE}]`);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.getAttribute("type")).toBe("application/ld+json");
    expect(scripts[0]?.textContent).toBe(body);
  });

  it("takes the origin the API wrote into /embed.js, else its own script's", () => {
    expect(loaderOrigin(ORIGIN, document)).toBe(ORIGIN);
    // Not replaced (a copy of the file): no current script in a test, so the page's own origin.
    expect(loaderOrigin("__CERTAVIS_WIDGET_ORIGIN__", document)).toBe(window.location.origin);
    expect(loaderOrigin("javascript:alert(1)", document)).toBe(window.location.origin);
    expect(loaderOrigin("https://avis.example.fr", document)).toBe("https://avis.example.fr");
    // Only an origin: no path, no bare scheme.
    expect(loaderOrigin(`${ORIGIN}/embed.js`, document)).toBe(window.location.origin);
    expect(loaderOrigin("https://", document)).toBe(window.location.origin);
  });

  it("leaves a host holding its iframe alone, and still mounts a bare one beside it", () => {
    const configured = host({ "data-company-id": "c1" });
    configured.innerHTML = `<iframe data-certavis-frame src="about:blank"></iframe>`;
    host({ "data-company-id": "c2" });
    expect(mountWidgets(document, ORIGIN, "Avis clients")).toHaveLength(1);
    expect(configured.querySelectorAll("iframe")).toHaveLength(1);
    expect(document.querySelectorAll("iframe")).toHaveLength(2);
    expect(mountWidgets(document, ORIGIN, "Avis clients")).toHaveLength(0);
  });

  it("leaves a placeholder's attributes as written while it waits for the viewport", () => {
    class QuietObserver {
      observe() {}
      unobserve() {}
    }
    vi.stubGlobal("IntersectionObserver", QuietObserver);
    try {
      const placeholder = host({ "data-company-id": "c1", style: "min-height:520px" });
      expect(mountWhenNear(window, ORIGIN, "Avis clients")).toEqual([placeholder]);
      expect(placeholder.getAttributeNames()).toEqual(["data-certavis-widget", "data-company-id", "style"]);
      // Seen as handled all the same: a second run of the loader does not observe it again.
      expect(mountWhenNear(window, ORIGIN, "Avis clients")).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("keeps the iframe the page already holds (the configurator's code) and only resizes it", async () => {
    const placeholder = host({ "data-company-id": "c1" });
    placeholder.innerHTML = `<iframe data-certavis-frame src="about:blank" height="520"></iframe>`;
    const stop = startEmbed(window, ORIGIN, "Avis clients");
    try {
      expect(document.querySelectorAll("iframe")).toHaveLength(1);
      const frame = document.querySelector("iframe") as HTMLIFrameElement;
      resize(frame.contentWindow, ORIGIN, { type: "certavis:resize", height: 300 });
      await nextFrame();
      expect(frame.height).toBe("300");
    } finally {
      stop();
    }
  });
});
