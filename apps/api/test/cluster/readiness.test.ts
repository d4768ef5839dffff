import { describe, expect, it } from "vitest";
import { createTestApp, expectMatchesContract } from "../helpers";

describe("readiness for a load balancer", () => {
  it("answers 503 'stopping' on GET /health/ once shutting down, and still serves the rest", async () => {
    const t = await createTestApp();
    try {
      const ready = await t.inject({ method: "GET", url: "/api/v1/health/" });
      expect(ready.statusCode).toBe(200);
      t.ctx.state.stopping = true;
      const stopping = await t.inject({ method: "GET", url: "/api/v1/health/" });
      expect(stopping.statusCode).toBe(503);
      expect(expectMatchesContract(stopping, "healthGet")).toEqual({ status: "stopping" });
      const login = await t.inject({
        method: "POST",
        url: "/api/v1/auth/login/",
        payload: { email: "personne@exemple.fr", password: "faux" },
      });
      expect(login.statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });
});
