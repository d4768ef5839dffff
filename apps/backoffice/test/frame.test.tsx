import { ApiError } from "@certavis/api-client";
import { AppTheme } from "@certavis/ui";
import { Tooltip } from "@radix-ui/themes";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, data, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RouteError } from "../src/app/routes/route-error";
import { Toaster } from "../src/components/toaster";
import { TooltipProvider } from "../src/components/tooltip-provider";
import { createQueryClient } from "../src/lib/query-client";
import { useToastClearance } from "../src/lib/toast/toast-clearance";
import { toast } from "../src/lib/toast/toast-store";
import { currentPath, renderApp, renderSignedIn } from "./support/render-app";

afterEach(() => {
  vi.useRealTimers();
});

const heading1 = () => screen.findByRole("heading", { level: 1 });

describe("route table of spec §2 (real API)", () => {
  it("serves every signed-in route, /settings → /settings/teams, and the 404 screen for any other path", async () => {
    const app = await renderSignedIn("/");
    await screen.findByRole("heading", { name: "Tableau de bord", level: 1 });
    const signedIn = [
      ["/", "Tableau de bord"],
      ["/reviews", "Avis clients"],
      ["/products", "Produits"],
      ["/products/new", "Nouveau produit"],
      // An unknown product goes back to the list (spec §2).
      ["/products/0f7a3c1e-5b1d-4c38-9a55-1f0c2b7d9e10", "Produits", "/products"],
      ["/email-templates", "Modèles Email"],
      ["/email-templates/new", "Nouveau modèle"],
      // An unknown id goes back to the list (spec §2).
      ["/email-templates/0f7a3c1e", "Modèles Email", "/email-templates"],
      ["/forms", "Formulaires"],
      ["/forms/new", "Nouveau formulaire"],
      ["/forms/0f7a3c1e", "Formulaires", "/forms"],
      ["/iframe", "Iframe"],
      ["/settings/teams", "Paramètres"],
      ["/settings/subscription", "Paramètres"],
      ["/settings/company", "Paramètres"],
      ["/settings/user", "Paramètres"],
    ] as [string, string | RegExp, string?][];
    for (const [path, title, settlesOn] of signedIn) {
      await act(() => app.router.navigate(path));
      if (settlesOn) await waitFor(() => expect(currentPath(app)).toBe(settlesOn));
      await waitFor(async () => expect(await heading1()).toHaveTextContent(title));
      expect(screen.queryByText("Page introuvable"), path).not.toBeInTheDocument();
    }
    await act(() => app.router.navigate("/settings"));
    await waitFor(() => expect(currentPath(app)).toBe("/settings/teams"));

    for (const path of ["/products/a/b", "/settings/other", "/reviewsx", "/dashboard"]) {
      await act(() => app.router.navigate(path));
      expect(await screen.findByRole("heading", { name: "Page introuvable" }), path).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "Retour à l'accueil" })).toHaveAttribute("href", "/");
    }
  });

  it.each([
    ["/login", "Connexion"],
    ["/register", /./],
    ["/forgot-password", /./],
    ["/reset-password", /./],
    ["/confirm-email-change", /./],
    ["/cgu", "Conditions générales d'utilisation"],
    ["/politique-confidentialite", "Politique de confidentialité"],
  ] as const)("serves the public route %s without a session", async (path, title) => {
    const app = renderApp(path);
    await waitFor(async () => expect(await heading1()).toHaveTextContent(title));
    expect(screen.queryByText("Page introuvable")).not.toBeInTheDocument();
    expect(currentPath(app)).toBe(path);
  });
});

describe("legal pages", () => {
  it.each([
    [
      "/cgu",
      ["Le service", "Votre avis", "Modération", "Retrait", "Contact"],
      "Pour toute question sur le service Certavis : contact@certavis.fr.",
    ],
    [
      "/politique-confidentialite",
      ["Qui traite vos données", "Les données collectées", "Pourquoi", "Combien de temps", "Vos droits"],
      "Responsable du traitement : la boutique auprès de laquelle vous avez passé commande.",
    ],
  ] as const)("%s carries the real text: its sections and who answers", async (path, headings, sentence) => {
    renderApp(path);
    for (const name of headings)
      expect(await screen.findByRole("heading", { level: 2, name })).toBeInTheDocument();
    expect(screen.getByText(sentence, { exact: false })).toBeInTheDocument();
    expect(screen.queryByText("Bientôt disponible.")).toBeNull();
  });

  it("says how long an order without review keeps the buyer's name and address", async () => {
    renderApp("/politique-confidentialite");
    expect(
      await screen.findByText(
        /vos nom, prénom et adresse e-mail sont anonymisés 365 jours après la commande/,
      ),
    ).toBeInTheDocument();
  });
});

describe("route error screen", () => {
  function Broken(): never {
    throw new Error("Impossible de lire la configuration");
  }

  it("shows 'Unexpected Application Error!' with the error's message", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const router = createMemoryRouter([{ path: "/", Component: Broken, errorElement: <RouteError /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole("heading", { name: "Unexpected Application Error!" })).toBeInTheDocument();
    expect(screen.getByText("Impossible de lire la configuration")).toBeInTheDocument();
  });

  it("shows the status text of an error response", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const router = createMemoryRouter([
      {
        path: "/",
        loader: () => {
          throw data("indisponible", { status: 503, statusText: "Service Unavailable" });
        },
        Component: () => null,
        errorElement: <RouteError />,
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole("heading", { name: "Unexpected Application Error!" })).toBeInTheDocument();
    expect(screen.getByText("503 Service Unavailable")).toBeInTheDocument();
  });
});

describe("query client (spec §9)", () => {
  it("keeps unused data 5 minutes and retries 3 times with exponential backoff capped at 30 s", () => {
    const queries = createQueryClient().getDefaultOptions().queries ?? {};
    expect(queries.gcTime).toBe(5 * 60 * 1000);
    const retry = queries.retry as (count: number, error: unknown) => boolean;
    const serverError = new ApiError(500, { detail: "Erreur" }, "Internal Server Error");
    expect([0, 1, 2, 3].map((count) => retry(count, serverError))).toEqual([true, true, true, false]);
    expect(retry(0, new TypeError("fetch failed"))).toBe(true);
    expect(retry(0, new ApiError(404, { detail: "Introuvable." }, "Not Found"))).toBe(false);
    const delay = queries.retryDelay as (count: number) => number;
    expect([0, 1, 2, 3, 4, 5, 10].map(delay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe("toaster and tooltips (spec §9)", () => {
  it("shows toasts bottom-right in the region 'Notifications', reached with Alt+T; they leave after 5 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(
      <AppTheme>
        <button type="button">Ailleurs</button>
        <Toaster />
      </AppTheme>,
    );
    act(() => {
      toast({ title: "Avis validé", variant: "success" });
      toast({ title: "Erreur", description: "Avis introuvable ou déjà mis à jour.", variant: "error" });
    });
    const region = screen.getByRole("region", { name: "Notifications" });
    expect(region).toHaveClass("fixed", "right-4", "bottom-4");
    expect(region).toHaveAttribute("aria-live", "polite");
    expect(screen.getByRole("status")).toHaveTextContent("Avis validé");
    expect(screen.getByRole("alert")).toHaveTextContent("ErreurAvis introuvable ou déjà mis à jour.");

    screen.getByRole("button", { name: "Ailleurs" }).focus();
    await user.keyboard("{Alt>}t{/Alt}");
    expect(region).toHaveFocus();
    await user.tab({ shift: true });
    expect(region).not.toHaveFocus();

    act(() => vi.advanceTimersByTime(5_100));
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("stands above an editor's 'Annuler' / 'Enregistrer' bar while an editor is open", () => {
    function Editor() {
      useToastClearance();
      return <p>Éditeur</p>;
    }
    const { rerender } = render(
      <AppTheme>
        <Editor />
        <Toaster />
      </AppTheme>,
    );
    const region = screen.getByRole("region", { name: "Notifications" });
    expect(region).toHaveClass("fixed", "right-4", "bottom-24");
    expect(region).not.toHaveClass("bottom-4");
    rerender(
      <AppTheme>
        {null}
        <Toaster />
      </AppTheme>,
    );
    expect(screen.getByRole("region", { name: "Notifications" })).toHaveClass("bottom-4");
  });

  it("keeps every toast while the pointer or the focus is on the notifications (WCAG 2.2.1)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(
      <AppTheme>
        <button type="button">Ailleurs</button>
        <Toaster />
      </AppTheme>,
    );
    act(() => {
      toast({ title: "Erreur", description: "Le serveur a refusé la demande.", variant: "error" });
    });
    const region = screen.getByRole("region", { name: "Notifications" });
    act(() => vi.advanceTimersByTime(3_000));
    fireEvent.pointerEnter(region);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole("alert")).toHaveTextContent("Le serveur a refusé la demande.");

    // Focus on the close button holds it too, after the pointer has left.
    act(() => screen.getByRole("button", { name: "Fermer" }).focus());
    fireEvent.pointerLeave(region);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole("alert")).toBeInTheDocument();

    // Focus leaves: the 2 s that were left run out.
    act(() => screen.getByRole("button", { name: "Ailleurs" }).focus());
    act(() => vi.advanceTimersByTime(1_900));
    expect(screen.getByRole("alert")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("opens tooltips after 700 ms, and at once for a neighbour within 300 ms", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(
      <AppTheme>
        <TooltipProvider>
          <Tooltip content="Premier conseil">
            <button type="button">Un</button>
          </Tooltip>
          <Tooltip content="Second conseil">
            <button type="button">Deux</button>
          </Tooltip>
        </TooltipProvider>
      </AppTheme>,
    );
    await user.hover(screen.getByRole("button", { name: "Un" }));
    act(() => vi.advanceTimersByTime(650));
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Premier conseil");

    // Leave it (jsdom has no layout: move the pointer far from the tooltip's grace area), then the neighbour.
    await user.unhover(screen.getByRole("button", { name: "Un" }));
    fireEvent.pointerMove(document, { clientX: 900, clientY: 900, pointerType: "mouse" });
    await waitFor(() => expect(screen.queryByRole("tooltip")).not.toBeInTheDocument());
    await user.hover(screen.getByRole("button", { name: "Deux" }));
    act(() => vi.advanceTimersByTime(50));
    expect(screen.getByRole("tooltip")).toHaveTextContent("Second conseil");
  });
});
