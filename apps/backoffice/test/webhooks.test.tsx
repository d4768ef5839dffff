import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp, renderSignedIn } from "./support/render-app";
import { seed, signIn } from "./support/test-api";

// The real API runs without OUTBOUND_ALLOW_PRIVATE: a loopback URL is refused at creation, and no
// endpoint is ever created here (nothing could be sent anywhere).
describe("settings: Intégrations › Webhooks (real API)", () => {
  it("shows the empty list, keeps what was typed and the server's French refusal of a private address", async () => {
    const user = userEvent.setup();
    await renderSignedIn("/settings/integrations");
    await screen.findByRole("heading", { name: "Webhooks" });
    expect(await screen.findByText("Aucun point de réception pour le moment.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Ajouter un point de réception" }));
    const url = screen.getByRole("textbox", { name: "URL de réception" });
    await user.type(url, "https://127.0.0.1/certavis");
    await user.click(screen.getByRole("checkbox", { name: /Avis publié/ }));
    await user.click(screen.getByRole("button", { name: "Ajouter" }));
    expect(await screen.findByText("Choisissez au moins un événement.")).toBeInTheDocument();

    await user.click(screen.getByRole("checkbox", { name: /Avis publié/ }));
    await user.click(screen.getByRole("button", { name: "Ajouter" }));
    expect(
      await screen.findByText(
        "Cette adresse mène à un réseau privé ou réservé : donnez une adresse publique.",
      ),
    ).toBeInTheDocument();
    expect(url).toHaveValue("https://127.0.0.1/certavis");
    expect(url).toHaveAttribute("aria-invalid", "true");
  });

  it("tells a moderator that the tab (connections and webhooks) is for admins and managers", async () => {
    const { company } = await seed.account({ plan: "CROISSANCE" });
    if (!company) throw new Error("no company");
    const moderator = await seed.account({ companyId: company.id, role: "moderator" });
    signIn(moderator.user);
    renderApp("/settings/integrations");
    expect(
      await screen.findByText(
        "Les connexions de la boutique sont gérées par les administrateurs et les managers.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Ajouter un point de réception" })).toBeNull();
  });
});
