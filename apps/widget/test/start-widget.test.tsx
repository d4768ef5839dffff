import { fr } from "@certavis/i18n-fr";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWidgetPage } from "../src/server/render";
import { startWidget } from "../src/start-widget";
import { publicReviews, review } from "./fixtures";

const INDEX = `<div id="root"><!--certavis:widget-html--></div><!--certavis:widget-state-->`;

afterEach(() => {
  document.body.innerHTML = "";
});

describe("the interactive widget started on idle", () => {
  it("takes over the server-painted reviews in place (no second copy, no fetch) and opens a review", async () => {
    const long = "Une lampe superbe. ".repeat(12);
    const data = publicReviews([review({ title: "Superbe", comment: long })]);
    document.body.innerHTML = await renderWidgetPage(INDEX, "?company_id=c1", async () => ({
      status: 200,
      body: data,
    }));
    const painted = document.querySelector("#root article");
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    await act(async () => startWidget(document));
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(document.querySelectorAll("#root article")).toHaveLength(1);
    expect(document.querySelector("#root article")).toBe(painted);
    await userEvent.click(screen.getByRole("button", { name: fr.widget.readMore }));
    expect(screen.getByRole("dialog").textContent).toContain(long.trim());
    fetchSpy.mockRestore();
  });
});
