import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { defaultPublicPaths } from "../src/auth-middleware";

// The contract marks bearer-free operations with `security: []` (or the API-key scheme only).
const contractFile = new URL("../../../openapi/bundled/openapi.json", import.meta.url);

interface Operation {
  security?: Record<string, unknown>[];
  responses?: unknown;
}

describe("defaultPublicPaths", () => {
  it("is exactly the set of contract paths whose operations do not use the bearer scheme", () => {
    const contract = JSON.parse(readFileSync(contractFile, "utf8")) as {
      security?: Record<string, unknown>[];
      paths: Record<string, Record<string, Operation>>;
    };
    const usesBearer = (security: Record<string, unknown>[] | undefined) =>
      (security ?? contract.security ?? []).some((requirement) => "bearerAuth" in requirement);

    const withoutBearer = new Set<string>();
    const mixed: string[] = [];
    for (const [path, item] of Object.entries(contract.paths)) {
      const operations = Object.values(item).filter((op) => typeof op === "object" && op?.responses);
      const publicOps = operations.filter((op) => !usesBearer(op.security));
      if (publicOps.length > 0) withoutBearer.add(path);
      if (publicOps.length > 0 && publicOps.length < operations.length) mixed.push(path);
    }

    expect(withoutBearer.size).toBeGreaterThan(5);
    expect([...defaultPublicPaths].sort()).toEqual([...withoutBearer].sort());
    // The middleware decides per path, so one path cannot mix public and bearer operations.
    expect(mixed).toEqual([]);
  });
});
