import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ReviewCarousel } from "../src/features/reviews/components/review-carousel";
import { review } from "./fixtures";

const reviews = () => [review(), review(), review(), review(), review()];

function current(): string | null {
  return document.querySelector('[aria-current="true"]')?.getAttribute("aria-label") ?? null;
}

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      matches: reduce && query.includes("reduce"),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

describe("review carousel", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("advances every 4 s and wraps around", () => {
    render(<ReviewCarousel reviews={reviews()} onOpen={() => {}} />);
    expect(current()).toBe("1 / 5");
    act(() => vi.advanceTimersByTime(3999));
    expect(current()).toBe("1 / 5");
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe("2 / 5");
    act(() => vi.advanceTimersByTime(4000 * 4));
    expect(current()).toBe("1 / 5");
  });

  it("pauses while hovered by a mouse", () => {
    render(<ReviewCarousel reviews={reviews()} onOpen={() => {}} />);
    const region = screen.getByRole("region");
    fireEvent.pointerEnter(region, { pointerType: "mouse" });
    act(() => vi.advanceTimersByTime(12000));
    expect(current()).toBe("1 / 5");
    fireEvent.pointerLeave(region, { pointerType: "mouse" });
    act(() => vi.advanceTimersByTime(4000));
    expect(current()).toBe("2 / 5");
  });

  it("pauses while dragged", () => {
    render(<ReviewCarousel reviews={reviews()} onOpen={() => {}} />);
    const region = screen.getByRole("region");
    fireEvent.pointerDown(region, { pointerType: "touch" });
    act(() => vi.advanceTimersByTime(12000));
    expect(current()).toBe("1 / 5");
    fireEvent.pointerUp(region, { pointerType: "touch" });
    act(() => vi.advanceTimersByTime(4000));
    expect(current()).toBe("2 / 5");
  });

  it("pauses while something inside has the focus", () => {
    render(<ReviewCarousel reviews={reviews()} onOpen={() => {}} />);
    const next = screen.getByRole("button", { name: "Avis suivant" });
    act(() => next.focus());
    act(() => vi.advanceTimersByTime(12000));
    expect(current()).toBe("1 / 5");
    act(() => next.blur());
    act(() => vi.advanceTimersByTime(4000));
    expect(current()).toBe("2 / 5");
  });

  it("pauses while the parent says so (detail dialog open)", () => {
    render(<ReviewCarousel reviews={reviews()} onOpen={() => {}} paused />);
    act(() => vi.advanceTimersByTime(12000));
    expect(current()).toBe("1 / 5");
  });

  it("pauses while out of sight", () => {
    let report: (entries: { isIntersecting: boolean }[]) => void = () => {};
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(callback: typeof report) {
          report = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    render(<ReviewCarousel reviews={reviews()} onOpen={() => {}} />);
    act(() => report([{ isIntersecting: false }]));
    act(() => vi.advanceTimersByTime(8000));
    expect(current()).toBe("1 / 5");
    act(() => report([{ isIntersecting: true }]));
    act(() => vi.advanceTimersByTime(4000));
    expect(current()).toBe("2 / 5");
  });

  it("never moves by itself when the visitor prefers reduced motion", () => {
    mockReducedMotion(true);
    render(<ReviewCarousel reviews={reviews()} onOpen={() => {}} />);
    act(() => vi.advanceTimersByTime(20000));
    expect(current()).toBe("1 / 5");
    expect(screen.getByRole("region")).toHaveAttribute("data-playing", "false");
  });

  it("moves with the previous and next buttons", () => {
    mockReducedMotion(true);
    render(<ReviewCarousel reviews={reviews()} onOpen={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "Avis précédent" }));
    expect(current()).toBe("5 / 5");
    fireEvent.click(screen.getByRole("button", { name: "Avis suivant" }));
    expect(current()).toBe("1 / 5");
  });
});
