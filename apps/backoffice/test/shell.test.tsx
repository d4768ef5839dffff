import { storageKeys } from "@certavis/api-client";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { displayName } from "../src/features/shell/lib/nav-items";
import { currentPath, renderApp, renderSignedIn } from "./support/render-app";
import { apiBaseUrl, seed, signIn } from "./support/test-api";

const NAV = [
  ["Tableau de bord", "/"],
  ["Avis", "/reviews"],
  ["Produits", "/products"],
  // ARCHITECTURE §10.21: Commandes after Produits; the six entries of spec §2 keep their names and order.
  ["Commandes", "/orders"],
  ["Modèles Email", "/email-templates"],
  ["Formulaires", "/forms"],
  ["Iframe", "/iframe"],
] as const;

const nav = () => screen.getByRole("navigation", { name: "Navigation principale" });
const accountButton = () => screen.getByRole("button", { name: /^Mon compte :/ });
/** The account button's name: 'Mon compte :' then what it shows (browsers may space the parts). */
const accountName = (...shown: string[]) =>
  new RegExp(
    `^Mon compte :${shown.map((part) => ` ?${part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`).join("")}`,
  );
const dashboardHeading = () => screen.findByRole("heading", { name: "Tableau de bord", level: 1 });

/** Records what the app writes to document.cookie (jsdom does not give the attributes back). */
function recordCookieWrites(): string[] {
  const writes: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, "cookie");
  if (!descriptor?.set || !descriptor.get) throw new Error("no document.cookie accessor");
  const { get, set } = descriptor;
  Object.defineProperty(document, "cookie", {
    configurable: true,
    get() {
      return get.call(document);
    },
    set(value: string) {
      writes.push(value);
      set.call(document, value);
    },
  });
  return writes;
}

const realMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = realMatchMedia;
  Reflect.deleteProperty(document, "cookie");
  vi.useRealTimers();
});

/** Layout counts as mobile below 768 px (spec §1): the app asks `(max-width: 767.98px)`. */
function emulateWidth(width: number) {
  window.matchMedia = ((query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return {
      matches: max ? width <= Number(max[1]) : false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    };
  }) as unknown as typeof window.matchMedia;
}

describe("shell: sidebar (real API)", () => {
  it("has the six entries of spec §2 and Commandes (§10.21); an entry is active when the path starts with its URL, the root only on exact match", async () => {
    const app = await renderSignedIn("/");
    await dashboardHeading();
    const links = within(nav()).getAllByRole("link");
    expect(links.map((l) => [l.textContent, l.getAttribute("href")])).toEqual(NAV);

    // [path, active entry, where the screen settles: an unknown template id goes back to the list]
    const cases: [string, string | null, string?][] = [
      ["/", "Tableau de bord"],
      ["/reviews", "Avis"],
      ["/products", "Produits"],
      ["/products/new", "Produits"],
      ["/orders/import", "Commandes"],
      ["/email-templates/0b6c1f5e", "Modèles Email", "/email-templates"],
      ["/forms/new", "Formulaires"],
      ["/iframe", "Iframe"],
      ["/settings/teams", null],
    ];
    for (const [path, active, settlesOn] of cases) {
      await act(() => app.router.navigate(path));
      if (settlesOn) await waitFor(() => expect(currentPath(app)).toBe(settlesOn));
      await waitFor(() => {
        const current = within(nav())
          .getAllByRole("link")
          .filter((l) => l.getAttribute("aria-current") === "page")
          .map((l) => l.textContent);
        expect(current, path).toEqual(active ? [active] : []);
      });
    }
  });

  it("collapses to icons with the button and Ctrl/Cmd+B, keeping the state in a 7-day cookie", async () => {
    const writes = recordCookieWrites();
    const user = userEvent.setup();
    const app = await renderSignedIn("/");
    await dashboardHeading();
    const sidebar = () => nav().closest("aside");
    expect(sidebar()).toHaveAttribute("data-state", "expanded");

    await user.click(screen.getByRole("button", { name: "Afficher ou masquer le menu" }));
    expect(sidebar()).toHaveAttribute("data-state", "collapsed");
    expect(sidebar()).toHaveStyle({ width: "3rem" });
    // As icons the entries keep their names (for screen readers and the tooltips).
    expect(within(nav()).getByRole("link", { name: "Avis" })).toHaveTextContent("");
    expect(writes.at(-1)).toBe("sidebar_state=false; path=/; max-age=604800; SameSite=Lax");

    await user.keyboard("{Control>}b{/Control}");
    expect(sidebar()).toHaveAttribute("data-state", "expanded");
    expect(sidebar()).toHaveStyle({ width: "16rem" });
    expect(writes.at(-1)).toMatch(/^sidebar_state=true; path=\/; max-age=604800/);
    await user.keyboard("{Meta>}b{/Meta}");
    expect(sidebar()).toHaveAttribute("data-state", "collapsed");

    app.unmount();
    const again = renderApp("/reviews");
    await screen.findByRole("heading", { name: "Avis clients", level: 1 });
    expect(nav().closest("aside")).toHaveAttribute("data-state", "collapsed");
    again.unmount();
  });

  it("below 768 px is a slide-in panel: opened by the menu button, closed by a link or Escape", async () => {
    emulateWidth(600);
    const user = userEvent.setup();
    const app = await renderSignedIn("/");
    await dashboardHeading();
    expect(screen.queryByRole("navigation", { name: "Navigation principale" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Ouvrir le menu" }));
    const panel = await screen.findByRole("dialog", { name: "Navigation principale" });
    expect(panel).toHaveClass("cv-slide-in", "w-[18rem]");
    await user.click(within(panel).getByRole("link", { name: "Avis" }));
    await screen.findByRole("heading", { name: "Avis clients", level: 1 });
    expect(currentPath(app)).toBe("/reviews");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await user.click(screen.getByRole("button", { name: "Ouvrir le menu" }));
    await screen.findByRole("dialog", { name: "Navigation principale" });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Ouvrir le menu" })).toHaveFocus();
  });

  it("at 768 px and more shows the sidebar", async () => {
    emulateWidth(768);
    await renderSignedIn("/");
    await dashboardHeading();
    expect(nav().closest("aside")).toBeInTheDocument();
  });
});

describe("shell: account footer (real API)", () => {
  it("shows first and last name and the e-mail; the e-mail when there is no name; else 'Compte'", async () => {
    const named = await renderSignedIn("/", { firstName: "Camille", lastName: "Martin" });
    await dashboardHeading();
    expect(accountButton()).toHaveAccessibleName(accountName("Camille Martin", named.user.email));
    expect(accountButton()).toHaveTextContent(`Camille Martin${named.user.email}`);
    named.unmount();

    const anonymous = await renderSignedIn("/", { firstName: "", lastName: "" });
    await dashboardHeading();
    expect(accountButton()).toHaveAccessibleName(accountName(anonymous.user.email, anonymous.user.email));
    expect(displayName(undefined)).toBe("Compte");
    expect(displayName({ first_name: "", last_name: "", email: "" })).toBe("Compte");
  });

  it("'Mon compte' → 'Paramètres' opens /settings/teams", async () => {
    const user = userEvent.setup();
    const app = await renderSignedIn("/");
    await dashboardHeading();
    await user.click(accountButton());
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByText("Mon compte")).toBeInTheDocument();
    await user.click(within(menu).getByRole("menuitem", { name: "Paramètres" }));
    await waitFor(() => expect(currentPath(app)).toBe("/settings/teams"));
  });

  it("'Se déconnecter' clears the tokens, revokes the session on the server and goes to /login", async () => {
    const user = userEvent.setup();
    const app = await renderSignedIn("/");
    await dashboardHeading();
    const refresh = localStorage.getItem(storageKeys.refresh);
    await user.click(accountButton());
    await user.click(await screen.findByRole("menuitem", { name: "Se déconnecter" }));
    await screen.findByRole("heading", { name: "Connexion" });
    expect(currentPath(app)).toBe("/login");
    expect(localStorage.getItem(storageKeys.access)).toBeNull();
    expect(localStorage.getItem(storageKeys.refresh)).toBeNull();
    await waitFor(async () => {
      const reuse = await fetch(`${apiBaseUrl}/auth/refresh/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ refresh }),
      });
      expect(reuse.status).toBe(401);
    });
  });

  it("is reachable and usable with the keyboard alone", async () => {
    const user = userEvent.setup();
    const app = await renderSignedIn("/");
    await dashboardHeading();
    accountButton().focus();
    await user.keyboard("{Enter}");
    await screen.findByRole("menu");
    await waitFor(() => expect(screen.getByRole("menuitem", { name: "Paramètres" })).toHaveFocus());
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("menuitem", { name: "Se déconnecter" })).toHaveFocus();
    await user.keyboard("{ArrowUp}");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(currentPath(app)).toBe("/settings/teams"));
  });
});

describe("shell: pending join requests dot (real API)", () => {
  const dot = "Demandes d'adhésion en attente";

  it.each([
    ["owner", true],
    ["admin", true],
    ["manager", true],
    ["moderator", false],
    ["accoutant", false],
    ["member", false],
  ] as const)("role %s with a pending request: dot %s", async (role, shown) => {
    const { company } = await seed.account({ plan: "EXPANSION" });
    if (!company) throw new Error("company expected");
    await seed.joinRequests({ companyId: company.id, count: 1 });
    const { user } = await seed.account({ role, companyId: company.id });
    signIn(user);
    renderApp("/");
    await dashboardHeading();
    if (shown) {
      await waitFor(() => expect(accountButton()).toHaveAccessibleName(new RegExp(`${dot}$`)));
      expect(screen.getByRole("img", { name: dot })).toBeInTheDocument();
    } else {
      // Give the count a chance to arrive, then check it never showed.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(screen.queryByRole("img", { name: dot })).not.toBeInTheDocument();
    }
  });

  it("appears within 30 s of a new request (the count is fetched again once stale)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "setInterval", "Date"] });
    const { company } = await seed.account({ role: "admin", plan: "EXPANSION" });
    if (!company) throw new Error("company expected");
    await renderSignedIn("/", { role: "manager", companyId: company.id });
    await dashboardHeading();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole("img", { name: dot })).not.toBeInTheDocument();

    await seed.joinRequests({ companyId: company.id, count: 1 });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.queryByRole("img", { name: dot })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(20_500));
    expect(await screen.findByRole("img", { name: dot })).toBeInTheDocument();
  });
});
