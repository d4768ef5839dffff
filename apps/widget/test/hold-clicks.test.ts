import { afterEach, describe, expect, it, vi } from "vitest";
import { holdClicks } from "../src/lib/hold-clicks";

afterEach(() => {
  document.body.innerHTML = "";
});

describe("clicks held until the interactive widget takes over", () => {
  it("holds a button's click and plays it again on release; leaves links alone", () => {
    document.body.innerHTML = `<button type="button"><span>Lire plus</span></button><a href="#x">lien</a>`;
    const button = document.querySelector("button") as HTMLButtonElement;
    const link = document.querySelector("a") as HTMLAnchorElement;
    const onButton = vi.fn();
    const onLink = vi.fn((event: Event) => event.preventDefault());
    button.addEventListener("click", onButton);
    link.addEventListener("click", onLink);
    const release = holdClicks(document);
    (button.firstChild as HTMLElement).click();
    link.click();
    expect(onButton).not.toHaveBeenCalled();
    expect(onLink).toHaveBeenCalledTimes(1);
    release();
    expect(onButton).toHaveBeenCalledTimes(1);
    button.click();
    expect(onButton).toHaveBeenCalledTimes(2);
  });
});
