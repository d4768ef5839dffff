import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { currentPath, renderApp } from "./support/render-app";
import { apiAs, seed, signIn } from "./support/test-api";

interface Field {
  id: string;
  type: string;
  label: string;
  required: boolean;
  page: number;
  position: number;
  options?: string[];
  rating_type?: string;
  max_size_mb?: number;
  allow_videos?: boolean;
}
interface SavedForm {
  id: string;
  name: string;
  title: string;
  schema: Field[];
  is_default: boolean;
}

async function owner(plan: "LANCEMENT" | "CROISSANCE" = "CROISSANCE") {
  const account = await seed.account({ plan });
  signIn(account.user);
  return account;
}

async function formsOf(user: { access: string }) {
  const { body } = await apiAs<{ results: SavedForm[] }>(user, "/company/forms/?limit=100");
  return body.results;
}

async function createForm(user: { access: string }, name: string, schema: object[]) {
  const { status, body } = await apiAs<SavedForm>(user, "/company/forms/", {
    method: "POST",
    body: JSON.stringify({ name, title: "Votre avis", schema }),
  });
  expect(status).toBe(201);
  return body;
}

const field = (id: string, type: string, label: string, required = false, extra: object = {}) => ({
  id,
  type,
  label,
  required,
  page: 0,
  position: 0,
  ...extra,
});

const pageFields = (n: number) => screen.getByRole("region", { name: `Champs de la page ${n}` });
const fieldCards = (n: number) =>
  within(pageFields(n))
    .queryAllByRole("listitem")
    .map((li) => li.firstElementChild as HTMLElement);
const fieldTitles = (n: number) =>
  fieldCards(n).map((card) => card.querySelector("[id$='-title']")?.textContent);
const errorBox = async () => {
  const box = (await screen.findByText("Le formulaire ne peut pas être enregistré :")).closest(
    "[role=alert]",
  );
  if (!(box instanceof HTMLElement)) throw new Error("no error box");
  return box;
};
const newBuilder = async () => {
  await screen.findByRole("heading", { name: "Nouveau formulaire", level: 1 }, SLOW);
};

// The builder is a lazy route and the machine is shared: first loads get more time.
const SLOW = { timeout: 15_000 };

describe("forms list (real API)", { timeout: 40_000 }, () => {
  it("cards show the field count, the first 3 fields with type and required star, then '+N autres champs'", async () => {
    const { user } = await owner();
    await createForm(
      user,
      "Complet",
      [
        field("a", "rating", "Note globale", true),
        field("b", "text", "Titre"),
        field("c", "select", "Couleur", false, { options: ["Rouge", "Bleu"] }),
        field("d", "email", "Email"),
        field("e", "textarea", "Commentaire"),
      ].map((f, position) => ({ ...f, position })),
    );
    renderApp("/forms");
    const list = await screen.findByRole("list", { name: "Formulaires" }, SLOW);
    const card = await waitFor(() => {
      const found = within(list)
        .getAllByRole("listitem")
        .find((li) => li.querySelector("a")?.textContent === "Complet");
      if (!found) throw new Error("no card");
      return found;
    });
    expect(card).toHaveTextContent("5 champs");
    const shown = within(card).getAllByRole("listitem");
    expect(shown.map((li) => li.textContent)).toEqual(["★Note globale *", "TTitre", "◉Couleur"]);
    expect(within(shown[0] as HTMLElement).getByRole("img", { name: "Note" })).toBeInTheDocument();
    expect(card).toHaveTextContent("+2 autres champs");
    const byDefault = within(list)
      .getAllByRole("listitem")
      .find((li) => li.querySelector("a")?.textContent === "Formulaire par défaut");
    expect(byDefault).toHaveTextContent("3 champs");
    expect(byDefault).not.toHaveTextContent("autre");

    const user2 = userEvent.setup();
    await user2.type(screen.getByRole("searchbox", { name: "Rechercher un formulaire..." }), "compl");
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole("listitem")
          .filter((li) => li.querySelector("a")),
      ).toHaveLength(1),
    );
  });

  it("LANCEMENT: explains that custom forms need a paid plan", async () => {
    await owner("LANCEMENT");
    renderApp("/forms");
    expect(await screen.findByText("Formulaires personnalisés non inclus")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Nouveau formulaire" })).toBeDisabled());
  });

  it("edit={id} opens the builder; create opens a new one; an unknown id goes back to /forms", async () => {
    const { company } = await owner();
    const edit = renderApp(`/forms?edit=${company?.formId}`);
    await waitFor(
      () =>
        expect(screen.getByRole("textbox", { name: "Nom du formulaire" })).toHaveValue(
          "Formulaire par défaut",
        ),
      SLOW,
    );
    expect(currentPath(edit)).toBe(`/forms/${company?.formId}`);
    edit.unmount();
    const create = renderApp("/forms?create");
    await newBuilder();
    expect(currentPath(create)).toBe("/forms/new");
    create.unmount();
    const unknown = renderApp("/forms/3f1d7d2e-0000-4000-8000-000000000000");
    await screen.findByRole("list", { name: "Formulaires" }, SLOW);
    expect(currentPath(unknown)).toBe("/forms");
  });
});

describe("form builder (real API)", { timeout: 40_000 }, () => {
  it("shows the save rules' messages and clears each once satisfied", async () => {
    const user = userEvent.setup();
    await owner();
    renderApp("/forms/new");
    await newBuilder();
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    const box = await errorBox();
    expect(box).toHaveTextContent("Ajoutez au moins deux champs au formulaire.");
    expect(box).toHaveTextContent("Marquez au moins un champ comme requis.");
    expect(screen.getByRole("textbox", { name: "Nom du formulaire" })).toHaveAccessibleDescription(
      "Ce champ ne peut être vide.",
    );
    expect(screen.getByRole("textbox", { name: "Titre affiché aux clients" })).toHaveAccessibleDescription(
      "Ce champ ne peut être vide.",
    );
    await user.type(screen.getByRole("textbox", { name: "Nom du formulaire" }), "Mon formulaire");
    expect(screen.getByRole("textbox", { name: "Nom du formulaire" })).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole("button", { name: "Note" }));
    await user.click(screen.getByRole("button", { name: "Texte court" }));
    expect(await errorBox()).not.toHaveTextContent("Ajoutez au moins deux champs");
    expect(await errorBox()).toHaveTextContent("Marquez au moins un champ comme requis.");
    await user.click(within(fieldCards(1)[0] as HTMLElement).getByRole("checkbox", { name: "Obligatoire" }));
    await waitFor(() => expect(screen.queryByText("Le formulaire ne peut pas être enregistré :")).toBeNull());
  });

  it("select and checkbox keep 2 options ('Option 1', 'Option 2'), a dropdown may reach 0", async () => {
    const user = userEvent.setup();
    await owner();
    renderApp("/forms/new");
    await newBuilder();
    await user.click(screen.getByRole("button", { name: "Choix unique" }));
    const select = fieldCards(1)[0] as HTMLElement;
    expect(within(select).getByRole("textbox", { name: "Option 1 — Choix unique" })).toHaveValue("Option 1");
    expect(within(select).getByRole("textbox", { name: "Option 2 — Choix unique" })).toHaveValue("Option 2");
    expect(within(select).getByRole("button", { name: "Retirer l'option 1 — Choix unique" })).toBeDisabled();
    await user.click(within(select).getByRole("button", { name: "Ajouter une option" }));
    expect(within(select).getByRole("textbox", { name: "Option 3 — Choix unique" })).toHaveValue("Option 3");
    await user.click(within(select).getByRole("button", { name: "Retirer l'option 1 — Choix unique" }));
    expect(within(select).getAllByRole("textbox", { name: /^Option \d — Choix unique$/ })).toHaveLength(2);
    expect(within(select).getByRole("button", { name: "Retirer l'option 1 — Choix unique" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Liste déroulante" }));
    const dropdown = fieldCards(1)[1] as HTMLElement;
    await user.click(within(dropdown).getByRole("button", { name: "Retirer l'option 1 — Liste déroulante" }));
    await user.click(within(dropdown).getByRole("button", { name: "Retirer l'option 1 — Liste déroulante" }));
    expect(within(dropdown).queryAllByRole("textbox", { name: /Option/ })).toHaveLength(0);
  });

  it("file and media sizes: defaults 10 MB and 1 file; invalid falls back to 1; above 50 MB is capped", async () => {
    const user = userEvent.setup();
    await owner();
    renderApp("/forms/new");
    await newBuilder();
    await user.click(screen.getByRole("button", { name: "Photos et vidéos" }));
    const media = fieldCards(1)[0] as HTMLElement;
    const size = within(media).getByRole("spinbutton", { name: "Taille maximale (Mo)" });
    expect(size).toHaveValue(10);
    expect(within(media).getByRole("spinbutton", { name: "Nombre maximal de fichiers" })).toHaveValue(1);
    expect(within(media).getByRole("checkbox", { name: "Autoriser les photos" })).toBeChecked();
    expect(within(media).getByRole("checkbox", { name: "Autoriser les vidéos" })).not.toBeChecked();
    await user.clear(size);
    expect(size).toHaveValue(1);
    await user.type(size, "{selectall}80");
    expect(size).toHaveValue(50);
  });

  it("builds a 2-page form with a select, a slider rating and a media field, keyboard-only, and saves it", async () => {
    const user = userEvent.setup();
    const { user: me } = await owner();
    const app = renderApp("/forms/new");
    await newBuilder();
    await user.type(screen.getByRole("textbox", { name: "Nom du formulaire" }), "Deux pages");
    await user.type(screen.getByRole("textbox", { name: "Titre affiché aux clients" }), "Votre expérience");
    // Page 1: a required slider rating, then a select.
    screen.getByRole("button", { name: "Note" }).focus();
    await user.keyboard("{Enter}");
    const rating = fieldCards(1)[0] as HTMLElement;
    await user.click(within(rating).getByRole("checkbox", { name: "Obligatoire" }));
    await user.click(within(rating).getByRole("combobox", { name: "Type de note" }));
    await user.click(await screen.findByRole("option", { name: "Curseur" }));
    screen.getByRole("button", { name: "Choix unique" }).focus();
    await user.keyboard("{Enter}");
    // The select moves above the rating with the keyboard.
    within(fieldCards(1)[1] as HTMLElement)
      .getByRole("button", { name: "Monter « Choix unique »" })
      .focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(fieldTitles(1)).toEqual(["Choix unique", "Note"]));
    expect(screen.getByText("« Choix unique » est maintenant en position 1.")).toBeInTheDocument();
    // Page 2: a media field.
    await user.click(screen.getByRole("button", { name: "Ajouter une page" }));
    expect(screen.getByRole("button", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await user.click(screen.getByRole("button", { name: "Photos et vidéos" }));
    expect(fieldTitles(2)).toEqual(["Photos et vidéos"]);

    await user.click(screen.getByRole("button", { name: "Aperçu" }));
    const preview = await screen.findByRole("dialog", { name: "Aperçu du formulaire" });
    expect(preview).toHaveTextContent("Votre expérience");
    expect(preview).toHaveTextContent("Page 1 sur 2");
    expect(within(preview).getByRole("slider", { name: "Note" })).toBeInTheDocument();
    expect(within(preview).getByRole("radio", { name: "Option 1" })).toBeInTheDocument();
    await user.click(within(preview).getByRole("button", { name: "Suivant" }));
    expect(preview).toHaveTextContent("Page 2 sur 2");
    expect(preview).toHaveTextContent("Photos et vidéos");
    await user.click(within(preview).getByRole("button", { name: "Fermer" }));

    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(currentPath(app)).toBe("/forms"));
    const saved = (await formsOf(me)).find((f) => f.name === "Deux pages");
    expect(saved?.title).toBe("Votre expérience");
    expect(saved?.schema.map((f) => [f.type, f.page, f.position, f.required])).toEqual([
      ["select", 0, 0, false],
      ["rating", 0, 1, true],
      ["media", 1, 0, false],
    ]);
    expect(saved?.schema[0]?.options).toEqual(["Option 1", "Option 2"]);
    expect(saved?.schema[1]?.rating_type).toBe("slider");
    expect(saved?.schema[2]).toMatchObject({ max_size_mb: 10, allow_videos: false });
  });

  it("deleting a page moves its fields to the previous page; later pages shift down; one page remains", async () => {
    const user = userEvent.setup();
    await owner();
    renderApp("/forms/new");
    await newBuilder();
    expect(screen.getByRole("button", { name: "Supprimer la page" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Texte court" }));
    await user.click(screen.getByRole("button", { name: "Ajouter une page" }));
    await user.click(screen.getByRole("button", { name: "Nombre" }));
    await user.click(screen.getByRole("button", { name: "Ajouter une page" }));
    await user.click(screen.getByRole("button", { name: "E-mail" }));
    await user.click(screen.getByRole("button", { name: "Page 2" }));
    await user.click(screen.getByRole("button", { name: "Supprimer la page" }));
    expect(screen.queryByRole("button", { name: "Page 3" })).toBeNull();
    expect(screen.getByRole("button", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    expect(fieldTitles(1)).toEqual(["Texte court", "Nombre"]);
    await user.click(screen.getByRole("button", { name: "Page 2" }));
    expect(fieldTitles(2)).toEqual(["E-mail"]);
  });

  it("return: after saving, back to the product with assign_field=form and assign_id", async () => {
    const user = userEvent.setup();
    const { company } = await owner();
    const app = renderApp(`/forms?edit=${company?.formId}&return=${encodeURIComponent("/products/abc")}`);
    await waitFor(
      () =>
        expect(screen.getByRole("textbox", { name: "Nom du formulaire" })).toHaveValue(
          "Formulaire par défaut",
        ),
      SLOW,
    );
    await user.type(screen.getByRole("textbox", { name: "Titre affiché aux clients" }), " !");
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(currentPath(app)).toBe("/products/abc"));
    expect(app.router.state.location.search).toBe(`?assign_field=form&assign_id=${company?.formId}`);
  });

  it("LANCEMENT: photo and video fields are not offered; a blank name is refused beside its input", async () => {
    const user = userEvent.setup();
    const { company } = await owner("LANCEMENT");
    renderApp(`/forms/${company?.formId}`);
    await waitFor(
      () =>
        expect(screen.getByRole("textbox", { name: "Nom du formulaire" })).toHaveValue(
          "Formulaire par défaut",
        ),
      SLOW,
    );
    await waitFor(() => expect(screen.getByRole("button", { name: "Photos et vidéos" })).toBeDisabled());
    const name = screen.getByRole("textbox", { name: "Nom du formulaire" });
    await user.clear(name);
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect(name).toHaveAccessibleDescription("Ce champ ne peut être vide.");
  });

  it("shows the server's 400 beside the title (300 characters at most)", async () => {
    const user = userEvent.setup();
    const { company } = await owner();
    renderApp(`/forms/${company?.formId}`);
    const title = await screen.findByRole("textbox", { name: "Titre affiché aux clients" }, SLOW);
    await waitFor(() => expect(title).toHaveValue("Donnez votre avis"));
    fireEvent.input(title, { target: { value: "x".repeat(301) } });
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() =>
      expect(title).toHaveAccessibleDescription("Assurez-vous que ce champ comporte au plus 300 caractères."),
    );
  });
});
