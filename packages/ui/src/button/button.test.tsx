import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { AppTheme } from "../theme/app-theme";
import { BUTTON_SIZES, BUTTON_VARIANTS, Button } from "./button";

const inTheme = (ui: React.ReactNode) => render(<AppTheme>{ui}</AppTheme>);

describe("Button", () => {
  it.each([
    ["default", "rt-variant-solid", undefined],
    ["destructive", "rt-variant-solid", "red"],
    ["outline", "rt-variant-outline", "gray"],
    ["secondary", "rt-variant-soft", "gray"],
    ["ghost", "rt-variant-ghost", "gray"],
    ["link", "rt-variant-ghost", undefined],
    ["success", "rt-variant-solid", "green"],
    ["warning", "rt-variant-solid", "amber"],
  ] as const)("variant %s → Radix %s, colour %s", (variant, radixClass, color) => {
    inTheme(<Button variant={variant}>Enregistrer</Button>);
    const button = screen.getByRole("button", { name: "Enregistrer" });
    expect(button).toHaveClass("rt-Button", radixClass);
    if (color) expect(button).toHaveAttribute("data-accent-color", color);
    else expect(button.getAttribute("data-accent-color") ?? "").toBe("");
    expect(button).toHaveAttribute("data-variant", variant);
    if (variant === "link") expect(button).toHaveClass("cv-button-link");
  });

  it.each([
    ["sm", "rt-r-size-1"],
    ["default", "rt-r-size-2"],
    ["lg", "rt-r-size-3"],
    ["xl", "rt-r-size-4"],
  ] as const)("size %s → %s", (size, radixClass) => {
    inTheme(<Button size={size}>Continuer</Button>);
    expect(screen.getByRole("button", { name: "Continuer" })).toHaveClass(radixClass);
  });

  it("size icon draws a square Radix IconButton", () => {
    inTheme(
      <Button size="icon" aria-label="Fermer">
        ×
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Fermer" });
    expect(button).toHaveClass("rt-IconButton", "rt-r-size-2");
    expect(button).not.toHaveClass("rt-Button");
  });

  it("covers every variant and size of spec §9", () => {
    expect(BUTTON_VARIANTS).toEqual([
      "default",
      "destructive",
      "outline",
      "secondary",
      "ghost",
      "link",
      "success",
      "warning",
    ]);
    expect(BUTTON_SIZES).toEqual(["default", "sm", "lg", "icon", "xl"]);
  });

  it("every variant is reachable with Tab and activates with Enter and Space", async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    inTheme(
      BUTTON_VARIANTS.map((variant) => (
        <Button key={variant} variant={variant} onClick={onClick}>
          {variant}
        </Button>
      )),
    );
    for (const variant of BUTTON_VARIANTS) {
      await user.tab();
      expect(screen.getByRole("button", { name: variant })).toHaveFocus();
    }
    await user.keyboard("{Enter}");
    await user.keyboard(" ");
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it("a disabled button is skipped by Tab", async () => {
    const user = userEvent.setup();
    inTheme(
      <>
        <Button disabled>Supprimer</Button>
        <Button>Annuler</Button>
      </>,
    );
    await user.tab();
    expect(screen.getByRole("button", { name: "Annuler" })).toHaveFocus();
  });

  it("forwards refs and extra class names", () => {
    let node: HTMLButtonElement | null = null;
    inTheme(
      <Button
        ref={(element) => {
          node = element;
        }}
        className="w-full"
      >
        OK
      </Button>,
    );
    expect(node).toBe(screen.getByRole("button", { name: "OK" }));
    expect(node).toHaveClass("w-full");
  });
});
