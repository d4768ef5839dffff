import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, errorMessage, fieldErrors, generalErrors, isNoCompanyError } from "../src/api-error";
import { createApiClient } from "../src/create-api-client";
import { createTokenStore } from "../src/token-store";
import { type Reply, startServer, type TestServer } from "./http-server";
import type { paths } from "./test-paths";

// Each case is served by a real HTTP server at /errors/<index>/.
const cases: Record<string, Reply & { expected: string; serverMessage: string | null }> = {
  "detail string": {
    status: 404,
    body: { detail: "Avis introuvable ou déjà mis à jour." },
    expected: "Avis introuvable ou déjà mis à jour.",
    serverMessage: "Avis introuvable ou déjà mis à jour.",
  },
  "detail list": {
    status: 409,
    body: { detail: ["Premier problème.", "Second problème."] },
    expected: "Premier problème., Second problème.",
    serverMessage: "Premier problème., Second problème.",
  },
  "field errors": {
    status: 400,
    body: { name: ["Ce champ est obligatoire.", "Trop court."], website: ["Saisissez une URL valide."] },
    expected: "name: Ce champ est obligatoire., Trop court.\nwebsite: Saisissez une URL valide.",
    serverMessage: "name: Ce champ est obligatoire., Trop court.\nwebsite: Saisissez une URL valide.",
  },
  non_field_errors: {
    status: 400,
    body: { non_field_errors: ["Le formulaire doit contenir au moins 2 champs."], title: ["Titre requis."] },
    expected: "Le formulaire doit contenir au moins 2 champs.\ntitle: Titre requis.",
    serverMessage: "Le formulaire doit contenir au moins 2 champs.\ntitle: Titre requis.",
  },
  "empty body with status text": {
    status: 503,
    statusText: "Service Unavailable",
    expected: "Service Unavailable",
    serverMessage: null,
  },
  "no status text": { status: 500, statusText: "", expected: "Request failed", serverMessage: null },
  "non-JSON body": {
    status: 502,
    statusText: "Bad Gateway",
    raw: "<html>502 Bad Gateway</html>",
    expected: "Bad Gateway",
    serverMessage: null,
  },
};

let server: TestServer;
beforeAll(async () => {
  server = await startServer(
    Object.fromEntries(Object.values(cases).map((reply, index) => [`GET /errors/${index}/`, () => reply])),
  );
});
afterAll(() => server.close());

describe("ApiError from real responses (spec §8)", () => {
  Object.entries(cases).forEach(([name, reply], index) => {
    it(`builds the message for ${name}`, async () => {
      const api = createApiClient<paths>({
        baseUrl: server.baseUrl,
        tokenStore: createTokenStore(undefined),
      });

      const error = await api.get("/errors/{status}/", { params: { path: { status: String(index) } } }).then(
        () => null,
        (e: unknown) => e,
      );

      expect(error).toBeInstanceOf(ApiError);
      const apiError = error as ApiError;
      expect(apiError.status).toBe(reply.status);
      expect(apiError.message).toBe(reply.expected);
      expect(apiError.serverMessage).toBe(reply.serverMessage);
      expect(apiError.body).toEqual(reply.raw ?? reply.body);
      if (reply.statusText !== undefined) expect(apiError.statusText).toBe(reply.statusText);
    });
  });
});

describe("ApiError helpers", () => {
  const formError = new ApiError(
    400,
    {
      name: ["Le nom est requis.", "Trop court."],
      schema: ["Ajoutez au moins un champ obligatoire."],
      non_field_errors: ["Formulaire invalide.", "Formulaire invalide."],
      root: "Erreur générale.",
      __all__: ["Formulaire invalide."],
    },
    "Bad Request",
  );

  it("errorMessage shows the server message, else the default, and reads plain errors", () => {
    expect(
      errorMessage(new ApiError(404, { detail: "Produit introuvable." }), "Suppression impossible"),
    ).toBe("Produit introuvable.");
    expect(
      errorMessage(new ApiError(500, undefined, "Internal Server Error"), "Suppression impossible"),
    ).toBe("Suppression impossible");
    expect(errorMessage(new Error("Délai dépassé"), "Suppression impossible")).toBe("Délai dépassé");
    expect(errorMessage(new TypeError("Failed to fetch"), "Suppression impossible")).toBe(
      "Suppression impossible",
    );
    expect(errorMessage(new DOMException("aborted", "AbortError"), "Suppression impossible")).toBe(
      "Suppression impossible",
    );
    expect(errorMessage("boom", "Suppression impossible")).toBe("Suppression impossible");
  });

  it("fieldErrors keeps the first message of each field and skips general keys", () => {
    expect(fieldErrors(formError)).toEqual({
      name: "Le nom est requis.",
      schema: "Ajoutez au moins un champ obligatoire.",
    });
    expect(fieldErrors(new ApiError(500, "<html>"))).toEqual({});
  });

  it("generalErrors collects non_field_errors, detail, __all__, root and all without duplicates", () => {
    expect(generalErrors(formError)).toEqual(["Formulaire invalide.", "Erreur générale."]);
    expect(generalErrors(new ApiError(403, { detail: "Accès refusé.", all: ["Tout est faux."] }))).toEqual([
      "Accès refusé.",
      "Tout est faux.",
    ]);
  });

  it("isNoCompanyError recognises the 403 'no company' detail with or without accent", () => {
    expect(isNoCompanyError(new ApiError(403, { detail: "Vous n'appartenez à aucune entreprise." }))).toBe(
      true,
    );
    expect(isNoCompanyError(new ApiError(403, { detail: "Vous n’appartenez a aucune entreprise" }))).toBe(
      true,
    );
    expect(isNoCompanyError(new ApiError(404, { detail: "Vous n'appartenez à aucune entreprise." }))).toBe(
      false,
    );
    expect(isNoCompanyError(new ApiError(403, { detail: "Accès refusé." }))).toBe(false);
  });
});
