import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Stars, starStates, starsLabel } from "./stars";

function countStars(container: HTMLElement) {
  const states = [...container.querySelectorAll("[data-star]")].map((star) => star.getAttribute("data-star"));
  return {
    full: states.filter((state) => state === "full").length,
    half: states.filter((state) => state === "half").length,
    empty: states.filter((state) => state === "empty").length,
  };
}

describe("Stars", () => {
  it.each([
    [0, { full: 0, half: 0, empty: 5 }, "Note : 0 sur 5"],
    [2.5, { full: 2, half: 1, empty: 2 }, "Note : 2,5 sur 5"],
    [4.5, { full: 4, half: 1, empty: 0 }, "Note : 4,5 sur 5"],
    [4.75, { full: 5, half: 0, empty: 0 }, "Note : 4,75 sur 5"],
    [4.2, { full: 4, half: 0, empty: 1 }, "Note : 4,2 sur 5"],
    [3.3, { full: 3, half: 1, empty: 1 }, "Note : 3,3 sur 5"],
    [7, { full: 5, half: 0, empty: 0 }, "Note : 5 sur 5"],
    [-2, { full: 0, half: 0, empty: 5 }, "Note : 0 sur 5"],
    [null, { full: 0, half: 0, empty: 5 }, "Note : 0 sur 5"],
  ])("rating %s → %o, labelled %s", (rating, expected, label) => {
    const { container } = render(<Stars rating={rating} />);
    expect(countStars(container)).toEqual(expected);
    expect(screen.getByRole("img", { name: label })).toBeInTheDocument();
  });

  it("always draws five hidden SVG stars", () => {
    const { container } = render(<Stars rating={3} />);
    const svgs = container.querySelectorAll("svg");
    expect(svgs).toHaveLength(5);
    for (const svg of svgs) expect(svg).toHaveAttribute("aria-hidden", "true");
  });

  it("sets the accent colour through the --cv-accent variable", () => {
    render(<Stars rating={3} color="#ff0000" />);
    expect(screen.getByRole("img").style.getPropertyValue("--cv-accent")).toBe("#ff0000");
  });

  it("accepts a custom label", () => {
    render(<Stars rating={3} label="Note moyenne : 3 sur 5" />);
    expect(screen.getByRole("img", { name: "Note moyenne : 3 sur 5" })).toBeInTheDocument();
  });

  it("exposes the state computation", () => {
    expect(starStates(1.5)).toEqual(["full", "half", "empty", "empty", "empty"]);
    expect(starsLabel(Number.NaN)).toBe("Note : 0 sur 5");
  });
});
