import { describe, expect, it } from "vitest";
import { isAcceptableLogoUrl, safeLogoUrl } from "./logo-url";

describe("isAcceptableLogoUrl", () => {
  it.each([
    "data:image/png;base64,iVBORw0KGgo=",
    "data:image/svg+xml;base64,PHN2Zz4=",
    "https://cdn.exemple.fr/logo.png",
    "https://cdn.exemple.fr/logo.JPEG?v=2",
    "http://exemple.fr/media/logos/logo.webp#x",
    "https://exemple.fr/media/logo",
    "https://exemple.fr",
    "/media/logos/abc.svg",
    "/media/logos/abc",
    "blob:http://localhost:3000/550e8400-e29b-41d4-a716-446655440000",
    "blob:null/550e8400-e29b-41d4-a716-446655440000",
  ])("accepts %s", (url) => {
    expect(isAcceptableLogoUrl(url)).toBe(true);
    expect(safeLogoUrl(url)).toBe(url);
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "data:text/html;base64,PHNjcmlwdD4=",
    "vbscript:msgbox",
    "/src/main.tsx",
    "/assets/index-abc.js",
    "https://exemple.fr/app.ts",
    "https://exemple.fr/App.jsx",
    "/styles/site.css",
    "/styles/site.scss",
    "https://exemple.fr/index.html",
    "https://exemple.fr/index.php?img=logo.png",
    "/assets/index.js.map",
    "https://exemple.fr/logo.pdf",
    "//evil.exemple/logo.png",
    "ftp://exemple.fr/logo.png",
    "logo.png",
    "",
    "https://exemple.fr/my logo.png",
    "blob:javascript:alert(1)",
  ])("rejects %s", (url) => {
    expect(isAcceptableLogoUrl(url)).toBe(false);
    expect(safeLogoUrl(url)).toBeNull();
  });

  it("rejects non-strings", () => {
    expect(isAcceptableLogoUrl(null)).toBe(false);
    expect(isAcceptableLogoUrl({ url: "/a.png" })).toBe(false);
  });
});
