import { ApiError } from "@certavis/api-client";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { retryProductLoad } from "../../src/features/products/api/get-product";
import { setApiBaseUrl } from "../../src/lib/api-client";
import { currentPath, renderApp } from "../support/render-app";
import { apiAs, apiBaseUrl, recordApiCalls, seed, signIn } from "../support/test-api";

interface Template {
  id: string;
  name: string;
  type: string;
  send_after: number | null;
  remind_after: number | null;
  is_default: boolean;
}
interface Product {
  id: string;
  name: string;
  sku: string | null;
  status: string;
  send_reminder: boolean;
  email_request_template: { id: string } | null;
  email_reminder_template: { id: string } | null;
  form: { id: string } | null;
}

async function owner(plan: "LANCEMENT" | "CROISSANCE" = "CROISSANCE") {
  const { user, company } = await seed.account({ plan });
  if (!company) throw new Error("company expected");
  signIn(user);
  const { body: templates } = await apiAs<{ results: Template[] }>(user, "/company/email-templates/");
  const { body: forms } = await apiAs<{ results: { id: string; name: string }[] }>(user, "/company/forms/");
  const ofType = (type: string) => {
    const found = templates.results.find((t) => t.type === type && t.is_default);
    if (!found) throw new Error(`no ${type} template`);
    return found;
  };
  return { user, company, request: ofType("request"), reminder: ofType("reminder"), form: forms.results[0] };
}

const products = async (user: { access: string }) =>
  (await apiAs<{ results: Product[] }>(user, "/company/products/?limit=100")).body.results;
const template = async (user: { access: string }, id: string) =>
  (await apiAs<Template>(user, `/company/email-templates/${id}/`)).body;

const heading = (name: string) => screen.findByRole("heading", { name, level: 1 });
const combobox = (name: string) => screen.getByRole("combobox", { name });

describe("product form (real API)", () => {
  it("starts a new product as a draft with the default template and form, J+3, follow-up off", async () => {
    const user = userEvent.setup();
    const { user: account, request, reminder, form } = await owner();
    const app = renderApp("/products/new");
    await heading("Nouveau produit");
    for (const section of [
      "Informations du produit",
      "Envoi d'email",
      "Formulaire",
      "Relance en cas de non-réponse",
    ])
      expect(screen.getByRole("heading", { name: section, level: 2 })).toBeInTheDocument();
    expect(combobox("Statut")).toHaveTextContent("Brouillon");
    expect(combobox("Modèle d'e-mail de demande d'avis")).toHaveTextContent("Demande d'avis");
    expect(combobox("Formulaire d'avis")).toHaveTextContent("Formulaire par défaut");
    expect(screen.getByRole("slider", { name: "Délai d'envoi après la commande" })).toHaveAttribute(
      "aria-valuetext",
      "J+3",
    );
    const followUp = screen.getByRole("switch", { name: "Activer la relance" });
    expect(followUp).not.toBeChecked();
    expect(screen.queryByRole("combobox", { name: "Modèle de relance" })).not.toBeInTheDocument();

    // Name required (spec §5), said beside the field.
    await user.click(screen.getByRole("button", { name: "Créer le produit" }));
    expect(await screen.findByText("Le nom du produit est requis.")).toBeInTheDocument();
    expect(screen.getByLabelText("Nom du produit")).toHaveAttribute("aria-invalid", "true");

    await user.type(screen.getByLabelText("Nom du produit"), "Lampe Aurore");
    await user.type(screen.getByLabelText("Référence (SKU)"), "LAMP-001");
    await user.click(followUp);
    expect(combobox("Modèle de relance")).toHaveTextContent("Relance");
    expect(screen.getByRole("slider", { name: "Délai de relance" })).toHaveAttribute("aria-valuetext", "J+7");
    await user.click(screen.getByRole("button", { name: "Créer le produit" }));

    await waitFor(() => expect(currentPath(app)).toBe("/products"));
    const [created] = await products(account);
    expect(created).toMatchObject({
      name: "Lampe Aurore",
      sku: "LAMP-001",
      status: "draft",
      send_reminder: true,
      email_request_template: { id: request.id },
      email_reminder_template: { id: reminder.id },
      form: { id: form?.id },
    });
  });

  it("saves a slider move as the template's send_after, once, 400 ms after the last change", async () => {
    const { user: account, request } = await owner();
    const calls = recordApiCalls();
    // When each PATCH left, to compare with the last slider move (timers may run late, never early).
    const patchedAt: number[] = [];
    const recording = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      if ((input instanceof Request ? input.method : init?.method) === "PATCH")
        patchedAt.push(performance.now());
      return recording(input, init);
    };
    setApiBaseUrl(apiBaseUrl);
    renderApp("/products/new");
    await heading("Nouveau produit");
    const slider = screen.getByRole("slider", { name: "Délai d'envoi après la commande" });
    fireEvent.change(slider, { target: { value: "5" } });
    fireEvent.change(slider, { target: { value: "8" } });
    // Taken before the last move: its timer starts during the event, after this instant.
    const lastMove = performance.now();
    fireEvent.change(slider, { target: { value: "10" } });
    expect(slider).toHaveAttribute("aria-valuetext", "J+10");
    const patches = () => calls.filter((c) => c.method === "PATCH");
    await waitFor(() =>
      expect(patches()).toEqual([{ method: "PATCH", path: `/company/email-templates/${request.id}/` }]),
    );
    expect(patchedAt[0] ?? 0).toBeGreaterThanOrEqual(lastMove + 400);
    await waitFor(async () => expect((await template(account, request.id)).send_after).toBe(10));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(patches()).toHaveLength(1);
  });

  it("shows a 400 beside its field (SKU taken) and keeps what was typed", async () => {
    const user = userEvent.setup();
    const { company } = await owner();
    await seed.products({ companyId: company.id, products: [{ name: "Existant", sku: "DUP-1" }] });
    renderApp("/products/new");
    await heading("Nouveau produit");
    await user.type(screen.getByLabelText("Nom du produit"), "Doublon");
    await user.type(screen.getByLabelText("Référence (SKU)"), "DUP-1");
    await user.click(screen.getByRole("button", { name: "Créer le produit" }));
    expect(await screen.findByText("Un produit avec ce SKU existe déjà.")).toBeInTheDocument();
    expect(screen.getByLabelText("Référence (SKU)")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Nom du produit")).toHaveValue("Doublon");
  });

  it("says 'Limite atteinte' with the server's message when the plan's limit refuses a new product", async () => {
    const user = userEvent.setup();
    const { company } = await owner("LANCEMENT");
    await seed.products({
      companyId: company.id,
      products: [{ name: "Un" }, { name: "Deux" }, { name: "Trois" }],
    });
    const app = renderApp("/products/new");
    await heading("Nouveau produit");
    await user.type(screen.getByLabelText("Nom du produit"), "Quatre");
    await user.click(screen.getByRole("button", { name: "Créer le produit" }));
    const notifications = screen.getByRole("region", { name: "Notifications" });
    await waitFor(() => expect(notifications).toHaveTextContent("Limite atteinte"));
    expect(notifications).toHaveTextContent("Votre abonnement a atteint la limite de produits (3 produits).");
    expect(currentPath(app)).toBe("/products/new");
    expect(screen.getByLabelText("Nom du produit")).toHaveValue("Quatre");
  });

  it("edits a product: loads it, changes the status and saves", async () => {
    const user = userEvent.setup();
    const { user: account, company } = await owner();
    const [seeded] = await seed.products({
      companyId: company.id,
      products: [{ name: "Lampe Aurore", status: "active" }],
    });
    const app = renderApp(`/products/${seeded?.id}`);
    await heading("Modifier le produit");
    expect(screen.getByLabelText("Nom du produit")).toHaveValue("Lampe Aurore");
    expect(combobox("Statut")).toHaveTextContent("Actif");
    await user.click(combobox("Statut"));
    await user.click(await screen.findByRole("option", { name: "Archivé" }));
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(currentPath(app)).toBe("/products"));
    expect((await products(account))[0]?.status).toBe("archived");
  });

  it("sends an unknown product back to /products", async () => {
    await owner();
    const app = renderApp("/products/6f1c2b9e-2d4a-4c1e-9b7e-1a2b3c4d5e6f");
    await heading("Produits");
    expect(currentPath(app)).toBe("/products");
  });

  it("retries the single load at most twice, never on 404", () => {
    const notFound = new ApiError(404, { detail: "Introuvable." }, "Not Found");
    const failed = new ApiError(503, { detail: "Indisponible." }, "Service Unavailable");
    expect(retryProductLoad(0, notFound)).toBe(false);
    expect(retryProductLoad(0, failed)).toBe(true);
    expect(retryProductLoad(1, failed)).toBe(true);
    expect(retryProductLoad(2, failed)).toBe(false);
  });

  it("preselects assign_field/assign_id on return and cleans the address", async () => {
    const { reminder } = await owner();
    const app = renderApp(`/products/new?assign_field=reminder&assign_id=${reminder.id}`);
    await heading("Nouveau produit");
    expect(screen.getByRole("switch", { name: "Activer la relance" })).toBeChecked();
    expect(combobox("Modèle de relance")).toHaveTextContent("Relance");
    await waitFor(() => expect(app.router.state.location.search).toBe(""));
  });

  it("previews the template with an edit link carrying return and assign_field", async () => {
    const user = userEvent.setup();
    const { request } = await owner();
    renderApp("/products/new");
    await heading("Nouveau produit");
    const [previewRequest] = screen.getAllByRole("button", { name: "Aperçu" });
    if (!previewRequest) throw new Error("no preview button");
    await user.click(previewRequest);
    const dialog = await screen.findByRole("dialog", { name: "Demande d'avis" });
    expect(dialog).toHaveTextContent("Marie");
    expect(within(dialog).getByRole("link", { name: "Modifier" })).toHaveAttribute(
      "href",
      `/email-templates?edit=${request.id}&return=%2Fproducts%2Fnew&assign_field=request`,
    );
  });

  it("asks before leaving with unsaved changes: 'Quitter sans enregistrer' leaves without saving", async () => {
    const user = userEvent.setup();
    const { user: account } = await owner();
    const app = renderApp("/products/new");
    await heading("Nouveau produit");
    await user.type(screen.getByLabelText("Nom du produit"), "Brouillon perdu");
    await user.click(screen.getByRole("button", { name: "Annuler" }));
    const dialog = await screen.findByRole("alertdialog", {
      name: "Enregistrer ou quitter sans enregistrer",
    });
    expect(currentPath(app)).toBe("/products/new");
    await user.click(within(dialog).getByRole("button", { name: "Quitter sans enregistrer" }));
    await waitFor(() => expect(currentPath(app)).toBe("/products"));
    expect(await products(account)).toEqual([]);
  });

  it("'Enregistrer' in the dialog saves then leaves", async () => {
    const user = userEvent.setup();
    const { user: account } = await owner();
    const app = renderApp("/products/new");
    await heading("Nouveau produit");
    await user.type(screen.getByLabelText("Nom du produit"), "Gardé");
    await user.click(screen.getByRole("button", { name: "Annuler" }));
    const dialog = await screen.findByRole("alertdialog", {
      name: "Enregistrer ou quitter sans enregistrer",
    });
    await user.click(within(dialog).getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(currentPath(app)).toBe("/products"));
    expect((await products(account)).map((p) => p.name)).toEqual(["Gardé"]);
  });
});

describe("product image (real API)", () => {
  // Choosing a file sends multipart: jsdom's FormData cannot cross Node's fetch, so the upload itself is
  // covered in Chromium by e2e/tests/backoffice-products.spec.ts.
  it("removes a saved image with image_url: null", async () => {
    const user = userEvent.setup();
    const { user: account, company } = await owner();
    const [seeded] = await seed.products({ companyId: company.id, products: [{ name: "Lampe Aurore" }] });
    const path = `/company/products/${seeded?.id}/`;
    const url = "https://cdn.exemple.fr/lampe.png";
    await apiAs(account, path, { method: "PATCH", body: JSON.stringify({ image_url: url }) });
    const app = renderApp(`/products/${seeded?.id}`);
    await heading("Modifier le produit");
    expect(screen.getByRole("img", { name: "Aperçu de l'image" })).toHaveAttribute("src", url);
    await user.click(screen.getByRole("button", { name: "Retirer l'image" }));
    expect(screen.queryByRole("img", { name: "Aperçu de l'image" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(currentPath(app)).toBe("/products"));
    expect((await apiAs<{ image_url: string | null }>(account, path)).body.image_url).toBeNull();
  });
});
