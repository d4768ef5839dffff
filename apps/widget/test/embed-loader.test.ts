import { afterEach, describe, expect, it } from "vitest";
import {
  DEFAULT_HEIGHT,
  listenForResize,
  mountWidgets,
  startEmbed,
  widgetUrl,
} from "../src/embed/embed-loader";

const ORIGIN = "https://avis.certavis.fr";

afterEach(() => {
  document.body.innerHTML = "";
});

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
    expect(widgetUrl(ORIGIN, { companyId: "c1", productId: "" })).toBe(`${ORIGIN}/widget?company_id=c1`);
  });

  it("resizes the iframe that sent the message from the loader's origin, and nothing else", () => {
    host({ "data-company-id": "c1" });
    host({ "data-company-id": "c2" });
    const [first, second] = mountWidgets(document, ORIGIN, "Avis clients");
    const stop = listenForResize(window, ORIGIN);
    try {
      expect(first?.contentWindow).toBeTruthy();
      resize(first?.contentWindow ?? null, ORIGIN, { type: "certavis:resize", height: 733.2 });
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
      expect(second?.height).toBe("520");
    } finally {
      stop();
    }
  });

  it("hands the space the page reserved over to the frame once it knows its height", () => {
    const reserved = host({ "data-company-id": "c1", style: "min-height: 520px" });
    const [frame] = mountWidgets(document, ORIGIN, "Avis clients");
    const stop = listenForResize(window, ORIGIN);
    try {
      expect(reserved.style.minHeight).toBe("520px");
      resize(frame?.contentWindow ?? null, ORIGIN, { type: "certavis:resize", height: 330 });
      expect(frame?.height).toBe("330");
      expect(reserved.style.minHeight).toBe("0px");
    } finally {
      stop();
    }
  });

  it("starts from the script's own origin", () => {
    host({ "data-company-id": "c1" });
    startEmbed(window, `${ORIGIN}/embed.js`, "Avis clients");
    const frame = document.querySelector("iframe");
    expect(frame?.src.startsWith(`${ORIGIN}/widget?`)).toBe(true);
  });
});
