import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AppTheme } from "./app-theme";

describe("AppTheme", () => {
  it("wraps children in a Radix theme with the brand accent and medium radius", () => {
    const { container, getByText } = render(
      <AppTheme>
        <p>Bonjour</p>
      </AppTheme>,
    );
    const root = container.querySelector(".radix-themes");
    expect(root).not.toBeNull();
    expect(root).toHaveAttribute("data-accent-color", "jade");
    expect(root).toHaveAttribute("data-radius", "medium");
    expect(root).toHaveAttribute("lang", "fr");
    expect(root).toContainElement(getByText("Bonjour"));
  });
});
