import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { currentPath, renderApp, renderSignedIn } from "./support/render-app";
import { apiAs, seed, signIn } from "./support/test-api";

const region = (name: string) => screen.findByRole("region", { name });

describe("settings: Entreprise (real API)", () => {
  it("an owner edits name, website and the shop's country; the link opens with https:// prefixed", async () => {
    const app = await renderSignedIn("/settings/company", { companyName: "Atelier Martin" });
    const user = userEvent.setup();
    const form = await region("Entreprise");
    const name = within(form).getByRole("textbox", { name: "Nom de l'entreprise" });
    expect(name).toHaveValue("Atelier Martin");
    const save = within(form).getByRole("button", { name: "Enregistrer" });
    expect(save).toBeDisabled();
    await user.clear(name);
    await user.type(name, "Atelier Martin & Fils");
    await user.type(within(form).getByRole("textbox", { name: "Site web" }), "atelier-martin.fr");
    // The shop's country for Google's feeds: FR by default, a two-letter code.
    const country = within(form).getByRole("textbox", { name: "Pays de la boutique" });
    expect(country).toHaveValue("FR");
    await user.clear(country);
    await user.type(country, "be");
    expect(save).toBeEnabled();
    await user.click(save);
    await screen.findByText("Entreprise mise à jour");
    expect(await within(form).findByRole("link", { name: "Ouvrir le site" })).toHaveAttribute(
      "href",
      "https://atelier-martin.fr",
    );
    expect(country).toHaveValue("BE");
    const { body } = await apiAs<{ name: string; website: string }>(app.user, "/company/");
    expect(body).toMatchObject({
      name: "Atelier Martin & Fils",
      website: "atelier-martin.fr",
      country: "BE",
    });
  });

  it("'E-mail de contact' starts at the owner's address; a wrong one is refused in French, a new one saved", async () => {
    const app = await renderSignedIn("/settings/company");
    const user = userEvent.setup();
    const form = await region("Entreprise");
    const contact = within(form).getByRole("textbox", { name: "E-mail de contact" });
    expect(contact).toHaveValue(app.user.email);
    await user.clear(contact);
    await user.type(contact, "pas-une-adresse");
    await user.click(within(form).getByRole("button", { name: "Enregistrer" }));
    expect(await within(form).findByText("Saisissez une adresse e-mail valide.")).toBeInTheDocument();
    await user.clear(contact);
    await user.type(contact, "service@atelier.fr");
    await user.click(within(form).getByRole("button", { name: "Enregistrer" }));
    await screen.findByText("Entreprise mise à jour");
    const { body } = await apiAs<{ contact_email: string }>(app.user, "/company/");
    expect(body.contact_email).toBe("service@atelier.fr");
  });

  it("a member sees the name disabled, no API key, the quota bar and 'Quitter l'entreprise'", async () => {
    const owner = await seed.account({ plan: "LANCEMENT" });
    const member = await seed.account({ companyId: owner.company?.id ?? "", role: "member" });
    signIn(member.user);
    renderApp("/settings/company");
    const form = await region("Entreprise");
    expect(within(form).getByRole("textbox", { name: "Nom de l'entreprise" })).toBeDisabled();
    expect(within(form).queryByRole("button", { name: "Enregistrer" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Clé API" })).toBeNull();
    const quota = await region("E-mails envoyés ce mois-ci");
    expect(quota).toHaveTextContent("0 / 40");
    expect(within(quota).getByRole("progressbar")).toBeInTheDocument();
    expect(quota).toHaveTextContent(/Réinitialisation le 1 (déc\.|janv\.)/);
    const danger = await region("Zone de danger");
    expect(within(danger).getByRole("button", { name: "Quitter l'entreprise" })).toBeInTheDocument();
    expect(within(danger).queryByRole("button", { name: "Supprimer l'entreprise" })).toBeNull();
  });

  it("a member leaves the company after confirmation and lands on /company-setup", async () => {
    const owner = await seed.account({ plan: "EXPANSION" });
    const member = await seed.account({ companyId: owner.company?.id ?? "", role: "accoutant" });
    signIn(member.user);
    const app = renderApp("/settings/company");
    const user = userEvent.setup();
    const danger = await region("Zone de danger");
    const leave = within(danger).getByRole("button", { name: "Quitter l'entreprise" });
    await waitFor(() => expect(leave).toBeEnabled());
    await user.click(leave);
    const dialog = await screen.findByRole("alertdialog", { name: "Quitter l'entreprise ?" });
    await user.click(within(dialog).getByRole("button", { name: "Quitter l'entreprise" }));
    await waitFor(() => expect(currentPath(app)).toBe("/company-setup"));
    expect((await apiAs(member.user, "/company/")).status).toBe(403);
  });

  it("an admin sees the API key on demand, its expiry, and regenerates it after confirmation", async () => {
    const owner = await seed.account({ plan: "EXPANSION" });
    const admin = await seed.account({ companyId: owner.company?.id ?? "", role: "admin" });
    signIn(admin.user);
    renderApp("/settings/company");
    const user = userEvent.setup();
    const card = await region("Clé API");
    const key = owner.company?.apiKey ?? "";
    expect(card).not.toHaveTextContent(key);
    await user.click(within(card).getByRole("button", { name: "Afficher" }));
    expect(card).toHaveTextContent(key);
    expect(card).toHaveTextContent(/Expire le \d{1,2} \S+ \d{4}/);
    await user.click(within(card).getByRole("button", { name: "Régénérer la clé" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Régénérer la clé API ?" });
    expect(dialog).toHaveTextContent("L'ancienne clé cessera de fonctionner immédiatement.");
    await user.click(within(dialog).getByRole("button", { name: "Régénérer la clé" }));
    await screen.findByText("Clé API régénérée");
    await waitFor(() => expect(card).not.toHaveTextContent(key));
    const { body } = await apiAs<{ api_key: string }>(admin.user, "/company/");
    expect(card).toHaveTextContent(body.api_key);
  });

  it("the owner deletes the company: name typed, wrong password refused, then /company-setup", async () => {
    const app = await renderSignedIn("/settings/company", {
      companyName: "Maison Lumière",
      password: "motdepasse-solide",
    });
    const user = userEvent.setup();
    const danger = await region("Zone de danger");
    expect(within(danger).queryByRole("button", { name: "Quitter l'entreprise" })).toBeNull();
    await user.click(within(danger).getByRole("button", { name: "Supprimer l'entreprise" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Supprimer l'entreprise ?" });
    const confirm = within(dialog).getByRole("button", { name: "Supprimer l'entreprise" });
    expect(confirm).toBeDisabled();
    await user.type(
      within(dialog).getByRole("textbox", { name: "Saisissez « Maison Lumière » pour confirmer" }),
      "Maison Lumière",
    );
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Indiquez votre mot de passe actuel.");
    await user.type(within(dialog).getByLabelText("Votre mot de passe"), "pas-le-bon");
    await user.click(confirm);
    await waitFor(() =>
      expect(within(dialog).getByRole("alert")).toHaveTextContent("Mot de passe incorrect."),
    );
    expect((await apiAs(app.user, "/company/")).status).toBe(200);
    await user.clear(within(dialog).getByLabelText("Votre mot de passe"));
    await user.type(within(dialog).getByLabelText("Votre mot de passe"), "motdepasse-solide");
    await user.click(confirm);
    await waitFor(() => expect(currentPath(app)).toBe("/company-setup"));
    expect((await apiAs(app.user, "/company/")).status).toBe(403);
  });
});
