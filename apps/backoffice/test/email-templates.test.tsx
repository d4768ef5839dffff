import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { currentPath, renderApp } from "./support/render-app";
import { apiAs, seed, signIn } from "./support/test-api";

interface Template {
  id: string;
  name: string;
  subject: string;
  body: string;
  type: string;
  is_default: boolean;
}

async function owner(plan: "LANCEMENT" | "CROISSANCE" = "CROISSANCE") {
  const account = await seed.account({ plan });
  signIn(account.user);
  return account;
}

const list = () => screen.findByRole("list", { name: "Modèles Email" }, SLOW);
const card = (name: string) => {
  const item = within(screen.getByRole("list", { name: "Modèles Email" }))
    .getAllByRole("listitem")
    .find((li) => li.querySelector("a")?.textContent === name);
  if (!item) throw new Error(`no card ${name}`);
  return item;
};

async function templatesOf(user: { access: string }) {
  const { body } = await apiAs<{ results: Template[] }>(user, "/company/email-templates/?limit=100");
  return body.results;
}

// Lazy routes on a shared machine: first loads get more time.
const SLOW = { timeout: 15_000 };

describe("e-mail templates list (real API)", { timeout: 40_000 }, () => {
  it("shows each template's type badge, subject and body; the search matches name or subject", async () => {
    const user = userEvent.setup();
    await owner();
    renderApp("/email-templates");
    await list();
    await waitFor(() => expect(card("Demande d'avis")).toHaveTextContent("Demande"));
    expect(card("Relance")).toHaveTextContent("Rappel");
    expect(card("Remerciement")).toHaveTextContent("Remerciement");
    expect(card("Relance")).toHaveTextContent("Un instant pour donner votre avis sur {{ nom_produit }} ?");
    expect(card("Relance").querySelector(".line-clamp-3")).toHaveTextContent(
      "Bonjour {{ prenom_acheteur }},",
    );

    await user.type(screen.getByRole("searchbox", { name: "Rechercher un modèle..." }), "merci pour");
    await waitFor(() =>
      expect(
        within(screen.getByRole("list", { name: "Modèles Email" })).getAllByRole("listitem"),
      ).toHaveLength(1),
    );
    expect(card("Remerciement")).toBeInTheDocument();
    await user.clear(screen.getByRole("searchbox", { name: "Rechercher un modèle..." }));
    await user.type(screen.getByRole("searchbox", { name: "Rechercher un modèle..." }), "zzz");
    expect(await screen.findByRole("heading", { name: "Aucun modèle trouvé" })).toBeInTheDocument();
  });

  it("duplicates a template, and deletes the copy after a dialog naming it", async () => {
    const user = userEvent.setup();
    const { user: me } = await owner();
    renderApp("/email-templates");
    await list();
    await user.click(await screen.findByRole("button", { name: "Actions du modèle Relance" }));
    await user.click(await screen.findByRole("menuitem", { name: "Dupliquer" }));
    await waitFor(() => expect(card("Relance (copie)")).toBeInTheDocument());
    // Default templates cannot be deleted: their menu has no 'Supprimer'.
    await user.click(screen.getByRole("button", { name: "Actions du modèle Relance" }));
    expect(await screen.findByRole("menuitem", { name: "Dupliquer" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Supprimer" })).toBeNull();
    await user.keyboard("{Escape}");

    await user.click(screen.getByRole("button", { name: "Actions du modèle Relance (copie)" }));
    await user.click(await screen.findByRole("menuitem", { name: "Supprimer" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Supprimer le modèle ?" });
    expect(dialog).toHaveTextContent("Le modèle « Relance (copie) » sera définitivement supprimé.");
    await user.click(within(dialog).getByRole("button", { name: "Supprimer" }));
    await waitFor(async () =>
      expect((await templatesOf(me)).map((t) => t.name)).not.toContain("Relance (copie)"),
    );
  });

  it("LANCEMENT: explains that custom templates need a paid plan; the create button is disabled", async () => {
    await owner("LANCEMENT");
    renderApp("/email-templates");
    await list();
    expect(await screen.findByText("Modèles personnalisés non inclus")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(
      "Votre abonnement Lancement ne permet pas de créer des modèles d'e-mail personnalisés.",
    );
    await waitFor(() => expect(screen.getByRole("button", { name: "Nouveau modèle" })).toBeDisabled());
    expect(screen.getByRole("link", { name: "Voir les abonnements" })).toHaveAttribute(
      "href",
      "/settings/subscription",
    );
  });

  it("edit={id} opens the editor; create=reminder opens a new reminder", async () => {
    const { company } = await owner();
    const edit = renderApp(`/email-templates?edit=${company?.requestTemplateId}`);
    expect(
      await screen.findByRole("heading", { name: "Modifier le modèle", level: 1 }, SLOW),
    ).toBeInTheDocument();
    expect(currentPath(edit)).toBe(`/email-templates/${company?.requestTemplateId}`);
    await waitFor(
      () => expect(screen.getByRole("textbox", { name: "Nom du modèle" })).toHaveValue("Demande d'avis"),
      SLOW,
    );
    edit.unmount();
    const create = renderApp("/email-templates?create=reminder");
    expect(
      await screen.findByRole("heading", { name: "Nouveau modèle", level: 1 }, SLOW),
    ).toBeInTheDocument();
    expect(currentPath(create)).toBe("/email-templates/new");
    expect(screen.getByRole("combobox", { name: "Type" })).toHaveTextContent("Rappel");
  });

  it("an unknown template id goes back to the list", async () => {
    await owner();
    const app = renderApp("/email-templates/3f1d7d2e-0000-4000-8000-000000000000");
    await list();
    expect(currentPath(app)).toBe("/email-templates");
  });
});

describe("e-mail template editor (real API)", { timeout: 40_000 }, () => {
  it("writes a reminder with variables inserted at the cursor, previews it with sample values, saves it", async () => {
    const user = userEvent.setup();
    const { user: me } = await owner();
    const app = renderApp("/email-templates/new");
    await screen.findByRole("heading", { name: "Nouveau modèle", level: 1 }, SLOW);
    await user.type(screen.getByRole("textbox", { name: "Nom du modèle" }), "Relance douce");
    await user.click(screen.getByRole("combobox", { name: "Type" }));
    await user.click(await screen.findByRole("option", { name: "Rappel" }));

    const subject = screen.getByRole("textbox", { name: "Objet" }) as HTMLInputElement;
    await user.type(subject, ", un avis ?");
    subject.setSelectionRange(0, 0);
    await user.click(
      screen.getByRole("button", { name: "Insérer {{ prenom_acheteur }} (Prénom de l'acheteur)" }),
    );
    await waitFor(() => expect(subject).toHaveValue("{{ prenom_acheteur }}, un avis ?"));

    const body = screen.getByRole("textbox", { name: "Contenu" }) as HTMLTextAreaElement;
    await user.type(body, "Bonjour ! Votre avis : ");
    await user.click(
      screen.getByRole("button", { name: "Insérer {{ url_avis }} (Lien vers le formulaire d'avis)" }),
    );
    // The editor gives the focus and the caret back to the body on the next frame: move the caret after.
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    body.setSelectionRange(8, 8);
    await user.click(screen.getByRole("button", { name: "Insérer {{ nom_acheteur }} (Nom de l'acheteur)" }));
    await waitFor(() => expect(body).toHaveValue("Bonjour {{ nom_acheteur }}! Votre avis : {{ url_avis }}"));

    await user.click(screen.getByRole("button", { name: "Aperçu" }));
    const preview = await screen.findByRole("dialog", { name: "Aperçu de l'e-mail" });
    expect(within(preview).getByTestId("preview-subject")).toHaveTextContent("Marie, un avis ?");
    expect(within(preview).getByTestId("preview-body")).toHaveTextContent(
      "Bonjour Dupont! Votre avis : https://exemple.fr/create-reviews",
    );
    await user.click(within(preview).getByRole("button", { name: "Fermer" }));

    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(currentPath(app)).toBe("/email-templates"));
    const saved = (await templatesOf(me)).find((t) => t.name === "Relance douce");
    expect(saved).toMatchObject({
      type: "reminder",
      subject: "{{ prenom_acheteur }}, un avis ?",
      body: "Bonjour {{ nom_acheteur }}! Votre avis : {{ url_avis }}",
      is_default: false,
    });
  });

  it("refuses a request template without {{ url_avis }}: 'Variable manquante', nothing saved", async () => {
    const user = userEvent.setup();
    const { user: me } = await owner();
    renderApp("/email-templates/new");
    await screen.findByRole("heading", { name: "Nouveau modèle", level: 1 }, SLOW);
    await user.type(screen.getByRole("textbox", { name: "Nom du modèle" }), "Sans lien");
    await user.type(screen.getByRole("textbox", { name: "Objet" }), "Votre avis");
    await user.type(screen.getByRole("textbox", { name: "Contenu" }), "Bonjour, donnez votre avis.");
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    const notifications = screen.getByRole("region", { name: "Notifications" });
    await waitFor(() => expect(notifications).toHaveTextContent("Variable manquante"));
    expect(notifications).toHaveTextContent("Le contenu doit inclure la variable {{ url_avis }}.");
    expect(screen.getByRole("textbox", { name: "Contenu" })).toHaveAccessibleDescription(
      "Le contenu doit inclure la variable {{ url_avis }}.",
    );
    expect((await templatesOf(me)).map((t) => t.name)).not.toContain("Sans lien");
  });

  it("keeps the type of a default template read-only and saves its text", async () => {
    const user = userEvent.setup();
    const { user: me, company } = await owner();
    renderApp(`/email-templates/${company?.thanksTemplateId}`);
    await waitFor(
      () => expect(screen.getByRole("textbox", { name: "Nom du modèle" })).toHaveValue("Remerciement"),
      SLOW,
    );
    expect(screen.getByRole("combobox", { name: "Type" })).toBeDisabled();
    expect(screen.getByText("Le type de ce modèle ne peut pas être modifié.")).toBeInTheDocument();
    const name = screen.getByRole("textbox", { name: "Nom du modèle" });
    await user.clear(name);
    await user.type(name, "Merci !");
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(async () =>
      expect((await templatesOf(me)).find((t) => t.id === company?.thanksTemplateId)?.name).toBe("Merci !"),
    );
  });

  it("return + assign_field: after saving, back to the product with assign_field and assign_id", async () => {
    const user = userEvent.setup();
    const { company } = await owner();
    const back = encodeURIComponent("/products/new?x=1");
    const app = renderApp(
      `/email-templates?edit=${company?.reminderTemplateId}&return=${back}&assign_field=reminder`,
    );
    await waitFor(
      () => expect(screen.getByRole("textbox", { name: "Nom du modèle" })).toHaveValue("Relance"),
      SLOW,
    );
    await user.type(screen.getByRole("textbox", { name: "Nom du modèle" }), " J+7");
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(currentPath(app)).toBe("/products/new"));
    const search = new URLSearchParams(app.router.state.location.search);
    expect(search.get("x")).toBe("1");
    expect(search.get("assign_field")).toBe("reminder");
    expect(search.get("assign_id")).toBe(company?.reminderTemplateId);
  });

  it("asks 'Enregistrer ou quitter sans enregistrer' when leaving with unsaved changes", async () => {
    const user = userEvent.setup();
    const { company } = await owner();
    const app = renderApp(`/email-templates/${company?.requestTemplateId}`);
    await waitFor(
      () => expect(screen.getByRole("textbox", { name: "Nom du modèle" })).toHaveValue("Demande d'avis"),
      SLOW,
    );
    await user.type(screen.getByRole("textbox", { name: "Nom du modèle" }), " modifiée");
    await user.click(screen.getByRole("button", { name: "Annuler" }));
    const dialog = await screen.findByRole("alertdialog", {
      name: "Enregistrer ou quitter sans enregistrer",
    });
    await user.click(within(dialog).getByRole("button", { name: "Quitter sans enregistrer" }));
    await waitFor(() => expect(currentPath(app)).toBe("/email-templates"));
  });

  it("'Envoyer un e-mail de test' queues the template to the user's address", async () => {
    const user = userEvent.setup();
    const { user: me, company } = await owner();
    renderApp(`/email-templates/${company?.requestTemplateId}`);
    await waitFor(
      () => expect(screen.getByRole("textbox", { name: "Nom du modèle" })).toHaveValue("Demande d'avis"),
      SLOW,
    );
    await user.click(screen.getByRole("button", { name: "Envoyer un e-mail de test" }));
    const notifications = screen.getByRole("region", { name: "Notifications" });
    await waitFor(() => expect(notifications).toHaveTextContent("E-mail de test envoyé"));
    expect(notifications).toHaveTextContent(`Un e-mail de test part vers ${me.email}.`);
  });
});
