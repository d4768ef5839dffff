import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderApp, renderSignedIn } from "./support/render-app";
import { apiOrigin, seed, signIn } from "./support/test-api";

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

  it("downloads the ZIP export by following a short-lived signed link (nothing held in the tab)", async () => {
    const followed: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      followed.push({ href: this.href, download: this.download });
    });
    try {
      await renderSignedIn("/settings/privacy", { role: "owner" });
      await userEvent.click(await screen.findByRole("button", { name: "Exporter toutes les données" }));
      await waitFor(() => expect(followed).toHaveLength(1));
      const [link] = followed;
      expect(link?.download).toBe("");
      const url = new URL(link?.href ?? "");
      expect(url.pathname).toBe("/api/v1/company/export/download/");
      expect(url.searchParams.get("token")).toMatch(/\./);
      // What the browser gets by following it: the ZIP as an attachment, without any header of ours.
      const zip = await fetch(`${apiOrigin}${url.pathname}${url.search}`);
      expect(zip.status).toBe(200);
      expect(zip.headers.get("content-type")).toBe("application/zip");
      expect(zip.headers.get("content-disposition")).toMatch(/^attachment; filename="certavis-export-/);
      expect(
        await screen.findByText("Téléchargement lancé : le fichier arrive dans vos téléchargements."),
      ).toBeInTheDocument();
    } finally {
      click.mockRestore();
    }
  });
});
