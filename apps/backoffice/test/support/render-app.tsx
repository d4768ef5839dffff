import { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AppProviders } from "../../src/app/providers";
import { routes } from "../../src/app/router";
import type { SeedAccountInput } from "./seed-types";
import { seed, signIn } from "./test-api";

export function testQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}

/** The whole route table in memory at `path`, with the app's providers, talking to the real API. */
export function renderApp(path: string, client: QueryClient = testQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, client };
}

/** A fresh account (by default the owner of a new company) signed in, and the app rendered at `path`. */
export async function renderSignedIn(path: string, account: SeedAccountInput = {}) {
  const seeded = await seed.account(account);
  signIn(seeded.user);
  return { ...renderApp(path), ...seeded };
}

export function renderWithProviders(ui: ReactNode) {
  const client = testQueryClient();
  return { ...render(<AppProviders client={client}>{ui}</AppProviders>), client };
}

export const currentPath = (app: { router: { state: { location: { pathname: string } } } }) =>
  app.router.state.location.pathname;
