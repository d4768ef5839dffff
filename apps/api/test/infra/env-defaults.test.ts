import { expect, it } from "vitest";
import { readEnv } from "../../src/env";

it("keeps the embedded PGlite on V8's baseline compiler unless PGLITE_BASELINE_COMPILER=0", () => {
  expect(readEnv({}).pgliteBaselineCompiler).toBe(true);
  expect(readEnv({ PGLITE_BASELINE_COMPILER: "1" }).pgliteBaselineCompiler).toBe(true);
  expect(readEnv({ PGLITE_BASELINE_COMPILER: "0" }).pgliteBaselineCompiler).toBe(false);
});

it("keeps the mail queue's own lease unless MAIL_LEASE_MS names another", () => {
  expect(readEnv({}).mailLeaseMs).toBeNull();
  expect(readEnv({ MAIL_LEASE_MS: "6000" }).mailLeaseMs).toBe(6000);
});
