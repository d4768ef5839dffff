import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers";

const LINK = '<link rel="icon" href="/favicon.svg" type="image/svg+xml"';

describe("the favicon", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it("is served at /favicon.svg (and /favicon.ico leads to it)", async () => {
    const svg = await t.inject({ method: "GET", url: "/favicon.svg" });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect(svg.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const ico = await t.inject({ method: "GET", url: "/favicon.ico" });
    expect(ico.statusCode).toBe(301);
    expect(ico.headers.location).toBe("/favicon.svg");
  });

  it("is linked by the public pages and the server's own pages, whose CSP lets it load", async () => {
    const publicPage = await t.inject({ method: "GET", url: "/avis/entreprise-inconnue" });
    expect(publicPage.body).toContain(LINK);
    const serverPage = await t.inject({ method: "GET", url: "/api/v1/public/unsubscribe/?token=inconnu" });
    expect(serverPage.statusCode).toBe(404);
    expect(serverPage.body).toContain(LINK);
    expect(serverPage.headers["content-security-policy"]).toContain("img-src 'self'");
  });

  it("is linked by the back-office and the review form", () => {
    for (const app of ["backoffice", "review-form"]) {
      const html = readFileSync(new URL(`../../../${app}/index.html`, import.meta.url), "utf8");
      expect(html, app).toContain(LINK);
    }
  });
});
