import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { linkPathOf, waitForMail } from "../support/mailbox";
import { currentPath, renderApp } from "../support/render-app";
import { apiAs, recordApiCalls, seed, signIn } from "../support/test-api";

describe("e-mail change confirmation (real API)", () => {
  it("without a token: the invalid-link state, nothing sent", async () => {
    const calls = recordApiCalls();
    renderApp("/confirm-email-change");
    expect(await screen.findByRole("heading", { name: "Lien invalide" })).toBeInTheDocument();
    expect(screen.getByText("Ce lien de confirmation est invalide ou a expiré.")).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("a refused token: the error with 'Réessayer', which sends it again", async () => {
    const calls = recordApiCalls();
    renderApp("/confirm-email-change?token=inconnu");
    expect(await screen.findByText("Le lien de confirmation est invalide ou a expiré.")).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Réessayer" }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === "/auth/change-email/confirm/")).toHaveLength(2),
    );
    expect(await screen.findByRole("button", { name: "Réessayer" })).toBeInTheDocument();
  });

  it("the mail's link is sent on load; on success the new e-mail is applied and the user goes to /", async () => {
    const { user } = await seed.account();
    const next = `nouvelle-${Date.now().toString(36)}@exemple.fr`;
    const asked = await apiAs<{ pending_email: string }>(user, "/users/me/", {
      method: "PATCH",
      body: JSON.stringify({ email: next }),
    });
    expect(asked.body.pending_email).toBe(next);
    const link = linkPathOf(await waitForMail(next, "nouvelle adresse"), "/confirm-email-change");
    signIn(user);
    const calls = recordApiCalls();
    const app = renderApp(link);
    await screen.findByRole("heading", { name: "Tableau de bord", level: 1 });
    expect(currentPath(app)).toBe("/");
    expect(calls.filter((c) => c.path === "/auth/change-email/confirm/")).toHaveLength(1);
    const me = await apiAs<{ email: string; pending_email: string | null }>(user, "/users/me/");
    expect(me.body).toMatchObject({ email: next, pending_email: null });
  });
});
