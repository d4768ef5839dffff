import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp, renderSignedIn } from "../support/render-app";
import { seed, signIn } from "../support/test-api";

describe("settings: Confidentialité (real API)", () => {
  it("shows the erasure form to an admin, not to a manager (who still sees the suppression list)", async () => {
    const admin = await renderSignedIn("/settings/privacy", { role: "admin" });
    expect(await screen.findByRole("heading", { name: "Effacer un acheteur" })).toBeInTheDocument();
    expect(screen.getByLabelText("Adresse e-mail de l'acheteur")).toBeInTheDocument();
    admin.unmount();
    localStorage.clear();

    const manager = await seed.account({ companyId: admin.company?.id, role: "manager" });
    signIn(manager.user);
    renderApp("/settings/privacy");
    expect(await screen.findByRole("heading", { name: "Adresses exclues des envois" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Effacer un acheteur" })).toBeNull();
  });
});
