// @vitest-environment node
/// <reference types="node" />
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compile } from "@tailwindcss/node";
import { describe, expect, it } from "vitest";

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const read = (name: string) => readFileSync(path.join(src, name), "utf8");

/** Compiles theme.css as the back-office's Vite build would, with a few utility candidates. */
async function buildTheme(candidates: string[]): Promise<string> {
  const compiler = await compile(read("theme.css"), { base: src, onDependency: () => {} });
  return compiler.build(candidates);
}

/** The bodies of every `@layer <name> {` block, concatenated (brace matching). */
function layerBody(css: string, name: string): string {
  const bodies: string[] = [];
  let start = css.indexOf(`@layer ${name} {`);
  while (start !== -1) {
    let depth = 0;
    let end = css.length;
    for (let index = css.indexOf("{", start); index < css.length; index++) {
      if (css[index] === "{") depth++;
      else if (css[index] === "}" && --depth === 0) {
        end = index + 1;
        break;
      }
    }
    bodies.push(css.slice(start, end));
    start = css.indexOf(`@layer ${name} {`, end);
  }
  return bodies.join("\n");
}

describe("theme.css (Tailwind 4 + Radix Themes)", () => {
  it("declares the layer order before anything else: Tailwind's reset below Radix, utilities last", async () => {
    const css = await buildTheme(["flex"]);
    const order = /@layer\s+theme,\s*base,\s*radix,\s*components,\s*utilities;/.exec(css);
    expect(order).not.toBeNull();
    expect(order?.index).toBe(css.indexOf("@layer"));
  }, 30_000);

  it("puts preflight in base, Radix Themes in radix and utilities in utilities", async () => {
    const css = await buildTheme(["flex", "p-4", "bg-(--color-brand)"]);
    expect(layerBody(css, "base")).toContain("box-sizing: border-box");
    expect(layerBody(css, "base")).not.toContain(".rt-Button");
    const radix = layerBody(css, "radix");
    expect(radix).toContain(".rt-Button");
    expect(radix).toContain("--accent-9");
    const utilities = layerBody(css, "utilities");
    expect(utilities).toContain(".flex");
    expect(utilities).toContain(".p-4");
    expect(utilities).toContain("var(--color-brand)");
  }, 30_000);

  it("sets the brand accent and the system font stack", async () => {
    const css = await buildTheme([]);
    expect(layerBody(css, "theme")).toContain("--color-brand: #10b981");
    expect(layerBody(css, "components")).toContain("--default-font-family: var(--font-sans)");
    const theme = layerBody(css, "theme");
    // our :root block comes after Tailwind's in the same layer, so its font stack wins
    expect(theme.lastIndexOf("--font-sans:")).toBe(theme.search(/--font-sans:\s*system-ui/));
  }, 30_000);
});

describe("light.css (form and widget)", () => {
  const css = read("light.css");

  it("only styles classes prefixed cv-", () => {
    const selectors = css.match(/^[^\s@/*}][^{]*(?=\{)/gm) ?? [];
    expect(selectors.length).toBeGreaterThan(3);
    for (const selector of selectors) expect(selector.trim()).toMatch(/^\.cv-[\w-]+$/);
  });

  it("imports neither Radix Themes nor Tailwind", () => {
    expect(css).not.toMatch(/@import|@tailwind|@layer|\.rt-|\.radix-themes/);
  });
});
