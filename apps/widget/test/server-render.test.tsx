import { fr } from "@certavis/i18n-fr";
import { describe, expect, it, vi } from "vitest";
import { readInlineState } from "../src/features/reviews/api/inline-state";
import { OUTLET_MARK, renderWidgetPage, STATE_MARK } from "../src/server/render";
import { publicReviews, review } from "./fixtures";

const INDEX = `<!doctype html><html><body><div id="root">${OUTLET_MARK}</div>${STATE_MARK}</body></html>`;

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, "text/html");
}

describe("server-rendered widget page", () => {
  it("paints the first reviews in HTML and inlines the same state", async () => {
    const data = publicReviews([review({ title: "Superbe", comment: "Très belle lampe." })]);
    const fetchJson = vi.fn(async () => ({ status: 200, body: data }));
    const html = await renderWidgetPage(INDEX, "?company_id=c1&product_id=all", fetchJson);
    expect(fetchJson).toHaveBeenCalledWith("/api/v1/public/reviews/?company_id=c1");
    const doc = parse(html);
    expect(doc.querySelector("#root article")?.textContent).toContain("Très belle lampe.");
    expect(readInlineState(doc)).toEqual({ kind: "ready", data });
  });

  it("keeps hostile text inert in both the HTML and the inline JSON", async () => {
    const evil = '</script><script>alert(1)</script><img src=x onerror="alert(2)">';
    const data = publicReviews([review({ title: evil, comment: evil, author_name: evil })]);
    const html = await renderWidgetPage(INDEX, "?company_id=c1", async () => ({ status: 200, body: data }));
    const doc = parse(html);
    expect(doc.querySelectorAll("script")).toHaveLength(1);
    expect(doc.querySelector("img")).toBeNull();
    expect(doc.querySelector("#root article")?.textContent).toContain(evil);
    expect(readInlineState(doc)).toEqual({ kind: "ready", data });
  });

  it("paints the missing company_id message without asking the API", async () => {
    const fetchJson = vi.fn();
    const html = await renderWidgetPage(INDEX, "", fetchJson);
    expect(fetchJson).not.toHaveBeenCalled();
    expect(parse(html).querySelector('[role="alert"]')?.textContent).toBe(fr.errors.widget.missingCompanyId);
  });

  it("paints the server's detail on an error answer", async () => {
    const html = await renderWidgetPage(INDEX, "?company_id=c1", async () => ({
      status: 404,
      body: { detail: "Entreprise introuvable." },
    }));
    expect(parse(html).querySelector('[role="alert"]')?.textContent).toBe("Entreprise introuvable.");
  });

  it("returns the page as built when the data cannot be read (the script loads it)", async () => {
    const html = await renderWidgetPage(INDEX, "?company_id=c1", async () => {
      throw new Error("down");
    });
    expect(html).toBe(INDEX);
  });

  it("leaves a server failure (5xx) to the script too", async () => {
    const html = await renderWidgetPage(INDEX, "?company_id=c1", async () => ({ status: 503, body: null }));
    expect(html).toBe(INDEX);
  });

  describe("with a memo", () => {
    const first = publicReviews([review({ comment: "Première version." })]);
    const second = publicReviews([review({ comment: "Seconde version." })]);

    it("paints a query once per data version, again when the version changes", async () => {
      const memo = new Map<string, string>();
      const set = vi.spyOn(memo, "set");
      const answer = { status: 200, body: first, etag: '"v1"' };
      const fetchJson = vi.fn(async () => answer);
      const once = await renderWidgetPage(INDEX, "?company_id=c1", fetchJson, memo);
      // The memo answers for the same query and version, even if the body object is another one.
      answer.body = structuredClone(first);
      expect(await renderWidgetPage(INDEX, "?company_id=c1", fetchJson, memo)).toBe(once);
      expect(set).toHaveBeenCalledTimes(1);
      expect(fetchJson).toHaveBeenCalledTimes(2);

      Object.assign(answer, { body: second, etag: '"v2"' });
      const changed = await renderWidgetPage(INDEX, "?company_id=c1", fetchJson, memo);
      expect(parse(changed).querySelector("#root article")?.textContent).toContain("Seconde version.");
      // Another query (another product or colour) is painted on its own.
      const other = await renderWidgetPage(INDEX, "?company_id=c1&accent_color=%23ff0000", fetchJson, memo);
      expect(other).not.toBe(changed);
      expect(set).toHaveBeenCalledTimes(3);
    });

    it("shares a page between queries that differ only by unknown parameters or spelling", async () => {
      const memo = new Map<string, string>();
      const set = vi.spyOn(memo, "set");
      const fetchJson = async () => ({ status: 200, body: first, etag: '"v1"' });
      const page = await renderWidgetPage(INDEX, "?company_id=c1&utm_source=a", fetchJson, memo);
      for (const search of ["?company_id=c1&utm_source=b", "?utm_medium=x&company_id=c1&product_id=all"])
        expect(await renderWidgetPage(INDEX, search, fetchJson, memo)).toBe(page);
      expect(set).toHaveBeenCalledTimes(1);
    });

    it("keeps nothing for data without a version nor for a page left to the script", async () => {
      const memo = new Map<string, string>();
      await renderWidgetPage(INDEX, "?company_id=c1", async () => ({ status: 200, body: first }), memo);
      await renderWidgetPage(
        INDEX,
        "?company_id=c1",
        async () => ({ status: 503, body: null, etag: '"x"' }),
        memo,
      );
      expect(memo.size).toBe(0);
    });
  });
});
