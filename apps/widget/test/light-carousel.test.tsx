import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startLightCarousel } from "../src/features/reviews/light-carousel";
import { renderWidgetPage } from "../src/server/render";
import { startWidget } from "../src/start-widget";
import { publicReviews, review } from "./fixtures";

const INDEX = `<div id="root"><!--certavis:widget-html--></div><!--certavis:widget-state-->`;
const FIVE = Array.from({ length: 5 }, (_, i) => review({ id: `r${i}`, title: `Avis ${i + 1}` }));

async function paint() {
  document.body.innerHTML = await renderWidgetPage(INDEX, "?company_id=c1", async () => ({
    status: 200,
    body: publicReviews(FIVE),
  }));
}
const position = () => document.querySelector(".cw-position")?.textContent;
const current = () =>
  Array.from(document.querySelectorAll(".cw-slide")).findIndex(
    (li) => li.getAttribute("aria-current") === "true",
  );

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

describe("the light autoplay of the server-painted carousel (no Preact)", () => {
  it("moves to the next slide every 4 s, wrapping, and holds while hovered by a mouse or focused", async () => {
    await paint();
    const stop = startLightCarousel(document);
    expect(position()).toBe("1 / 5");
    vi.advanceTimersByTime(4000);
    expect(position()).toBe("2 / 5");
    expect(current()).toBe(1);
    const section = document.querySelector(".cw-carousel") as HTMLElement;
    section.dispatchEvent(Object.assign(new Event("pointerenter"), { pointerType: "mouse" }));
    vi.advanceTimersByTime(8000);
    expect(position()).toBe("2 / 5");
    section.dispatchEvent(new Event("pointerleave"));
    (document.querySelector(".cw-slide button") as HTMLButtonElement).focus();
    vi.advanceTimersByTime(8000);
    expect(position()).toBe("2 / 5");
    (document.activeElement as HTMLElement).blur();
    vi.advanceTimersByTime(4000 * 4);
    expect(position()).toBe("1 / 5");
    stop();
    vi.advanceTimersByTime(8000);
    expect(position()).toBe("1 / 5");
  });

  it("set up when its first step is due, takes that step at once, then one every 4 s", async () => {
    await paint();
    const stop = startLightCarousel(document, 4000, true);
    expect(position()).toBe("2 / 5");
    vi.advanceTimersByTime(4000);
    expect(position()).toBe("3 / 5");
    stop();
  });

  it("hands over to the interactive widget at the slide it reached", async () => {
    await paint();
    const stop = startLightCarousel(document);
    vi.advanceTimersByTime(4000 * 2);
    stop();
    vi.useRealTimers();
    await act(async () => startWidget(document));
    expect(position()).toBe("3 / 5");
    expect(screen.getByRole("region", { name: "Avis clients" })).toHaveAttribute("data-index", "2");
  });
});
