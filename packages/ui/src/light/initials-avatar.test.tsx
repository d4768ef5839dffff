import { initialsOf as domainInitialsOf } from "@certavis/domain";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { initialsOf } from "./initials";
import { InitialsAvatar } from "./initials-avatar";

describe("initialsOf", () => {
  it.each([
    ["Marie Dupont", "MD"],
    ["marie dupont", "MD"],
    ["Jean-Pierre de la Fontaine", "JD"],
    ["Client", "C"],
    ["  Élodie   Ürban  ", "ÉÜ"],
    ["", ""],
    [null, ""],
    [undefined, ""],
  ])("%j → %j", (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});

describe("initialsOf follows the domain's rule", () => {
  it.each(["Marie Dupont", "jean pierre paul", "  Élodie   Ürban ", "Client", "ßeta Ωmega", "😀 Smile", ""])(
    "%j",
    (name) => {
      expect(initialsOf(name)).toBe(domainInitialsOf(name));
    },
  );
});

describe("InitialsAvatar", () => {
  it("shows the initials of the name", () => {
    const { container } = render(<InitialsAvatar name="Marie Dupont" />);
    expect(container.textContent).toBe("MD");
    expect(container.firstElementChild).toHaveClass("cv-avatar");
  });

  it("is decorative without a label and announced with one", () => {
    const { container, rerender } = render(<InitialsAvatar name="Léa Martin" />);
    expect(container.firstElementChild).toHaveAttribute("aria-hidden", "true");
    rerender(<InitialsAvatar name="Léa Martin" label="Léa Martin" />);
    expect(screen.getByRole("img", { name: "Léa Martin" })).toHaveTextContent("LM");
  });

  it("shows a question mark for an empty name", () => {
    const { container } = render(<InitialsAvatar name="" />);
    expect(container.textContent).toBe("?");
  });

  it("sizes itself through --cv-avatar-size", () => {
    const { container } = render(<InitialsAvatar name="A B" size={24} />);
    expect((container.firstElementChild as HTMLElement).style.getPropertyValue("--cv-avatar-size")).toBe(
      "24px",
    );
  });
});
