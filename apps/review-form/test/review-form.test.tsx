import { fr } from "@certavis/i18n-fr";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { LoadResult } from "../src/features/review-form/api/get-review-form";
import type { FormField, PublicForm } from "../src/features/review-form/api/review-form-types";
import type { SubmitResult } from "../src/features/review-form/api/submit-review";
import { ReviewFormPage } from "../src/features/review-form/components/review-form-page";
import { field, publicForm, threePages } from "./fixtures";

type Submit = (
  apiKey: string,
  answers: Record<string, unknown>,
  files: Record<string, File[]>,
  options?: { onProgress?: (fraction: number) => void },
) => Promise<SubmitResult>;

function setup(
  form: PublicForm,
  submitResult: SubmitResult = { ok: true },
  apiKey = "key-1",
  note: number | null = null,
) {
  const load = vi.fn(async (): Promise<LoadResult> => ({ ok: true, data: form }));
  const submit = vi.fn<Submit>(async () => submitResult);
  const user = userEvent.setup();
  const view = render(<ReviewFormPage apiKey={apiKey} note={note} load={load} submit={submit} />);
  return { load, submit, user, view };
}

const next = () => screen.getByRole("button", { name: fr.publicForm.next });
const send = () => screen.getByRole("button", { name: fr.publicForm.submit });

async function fillFirstPage(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("radio", { name: "4 sur 5" }));
  await user.type(screen.getByLabelText("Votre commentaire"), "Très belle lampe.");
}

describe("review form page", () => {
  it("shows the company, the product, the title, the pitch and the footer", async () => {
    setup(publicForm(threePages));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Votre avis sur votre commande" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Maison Lumière/ })).toHaveAttribute(
      "href",
      "https://maison-lumiere.fr/",
    );
    expect(screen.getByRole("img", { name: "Logo de Maison Lumière" })).toHaveAttribute(
      "src",
      "https://cdn.exemple.fr/logo.png",
    );
    expect(screen.getByText(fr.publicForm.purchasedProduct)).toBeInTheDocument();
    expect(screen.getByText("Lampe Aurore")).toBeInTheDocument();
    expect(screen.getByText(fr.publicForm.pitch)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: fr.publicForm.footer.officialSite })).toHaveAttribute(
      "href",
      "https://maison-lumiere.fr/",
    );
    expect(screen.getByRole("link", { name: fr.publicForm.footer.terms })).toHaveAttribute("href", "/cgu");
    expect(screen.getByRole("link", { name: fr.publicForm.footer.privacy })).toHaveAttribute(
      "href",
      "/politique-confidentialite",
    );
    expect(screen.getByRole("link", { name: fr.publicForm.footer.contact })).toHaveAttribute(
      "href",
      "mailto:bonjour@maison-lumiere.fr",
    );
  });

  it("a preview (the test e-mail's link) says so and sends nothing", async () => {
    const load = vi.fn(
      async (): Promise<LoadResult> => ({
        ok: true,
        data: publicForm([field({ id: "rating", type: "rating", label: "Votre note", required: true })]),
      }),
    );
    const submit = vi.fn<Submit>(async () => ({ ok: true }));
    const user = userEvent.setup();
    render(
      <ReviewFormPage apiKey="c0000000-0000-4000-8000-000000000001" preview load={load} submit={submit} />,
    );
    expect(await screen.findByText(fr.publicForm.preview)).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith("c0000000-0000-4000-8000-000000000001");
    await user.click(screen.getByRole("radio", { name: "5 sur 5" }));
    await user.click(send());
    await screen.findByText(fr.publicForm.thanks.title);
    expect(submit).not.toHaveBeenCalled();
  });

  it("opens with the rating of the e-mail's star chosen (note=4) and sends it", async () => {
    const { submit, user } = setup(
      publicForm([field({ id: "rating", type: "rating", label: "Votre note", required: true })]),
      { ok: true },
      "key-note",
      4,
    );
    expect(await screen.findByRole("radio", { name: "4 sur 5" })).toBeChecked();
    await user.click(send());
    await screen.findByText(fr.publicForm.thanks.title);
    expect(submit.mock.calls[0]?.[1]).toEqual({ rating: 4 });
  });

  it.each(["/src/main.ts", "javascript:alert(1)", "https://cdn.exemple.fr/app.js"])(
    "hides a logo refused by the domain rule: %s",
    async (logo) => {
      setup(
        publicForm(threePages, { company: { name: "Maison Lumière", url: null, logo, contact_email: null } }),
      );
      await screen.findByRole("heading", { level: 1 });
      expect(screen.queryByRole("img", { name: "Logo de Maison Lumière" })).toBeNull();
    },
  );

  it("shows the date of the order the review is about", async () => {
    setup(publicForm(threePages));
    expect(await screen.findByText("Commande du 20 nov. 2026")).toBeInTheDocument();
  });

  it("says 'Clé API manquante dans l'URL.' without a key", () => {
    const load = vi.fn();
    render(<ReviewFormPage apiKey={null} load={load} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Clé API manquante dans l'URL.");
    expect(screen.getByRole("heading", { level: 1, name: "Votre avis" })).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it("keeps a page heading while loading", () => {
    render(<ReviewFormPage apiKey="k" load={() => new Promise<LoadResult>(() => {})} />);
    expect(screen.getByRole("status")).toHaveTextContent(fr.common.loading);
    expect(screen.getByRole("heading", { level: 1, name: "Votre avis" })).toBeInTheDocument();
  });

  it("shows the load failure message", async () => {
    render(
      <ReviewFormPage
        apiKey="k"
        load={async () => ({ ok: false, message: "Un avis a déjà été déposé pour cette commande." })}
      />,
    );
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Un avis a déjà été déposé pour cette commande.",
    );
  });
});

describe("paging", () => {
  it("'Suivant' checks the current page only, then moves on and focuses the page indicator", async () => {
    const { user } = setup(publicForm(threePages));
    expect(await screen.findByText(fr.publicForm.page(1, 3))).toBeInTheDocument();
    await user.click(next());
    expect(screen.getByText("Ce champ est obligatoire.")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "1 sur 5" })).toHaveFocus();
    expect(screen.queryByLabelText(/Votre e-mail/)).toBeNull();

    await fillFirstPage(user);
    expect(screen.queryByText("Ce champ est obligatoire.")).toBeNull();
    await user.click(next());
    expect(screen.getByText(fr.publicForm.page(2, 3))).toHaveFocus();
    expect(screen.getByLabelText(/Votre e-mail/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: fr.publicForm.submit })).toBeNull();
  });

  it("shows each validation message of the page", async () => {
    const { user } = setup(publicForm(threePages));
    await fillFirstPage(user);
    await user.click(next());
    await user.type(screen.getByLabelText(/Votre e-mail/), "pas-un-email");
    await user.type(screen.getByLabelText("Votre âge"), "12");
    await user.click(next());
    expect(screen.getByText("Veuillez saisir une adresse email valide.")).toBeInTheDocument();
    expect(screen.getByText("Le nombre doit être compris entre 18 et 120.")).toBeInTheDocument();
    expect(screen.getByText("Veuillez sélectionner une option.")).toBeInTheDocument();
    expect(screen.getByLabelText(/Votre e-mail/)).toHaveFocus();
    expect(screen.getByLabelText(/Votre e-mail/)).toHaveAccessibleDescription(
      "Veuillez saisir une adresse email valide.",
    );
  });

  it.each([
    [{ min: 5 }, "3", "La valeur doit être supérieure ou égale à 5."],
    [{ max: 5 }, "7", "La valeur doit être inférieure ou égale à 5."],
  ])("number bounds %o", async (bounds, typed, message) => {
    const { user } = setup(
      publicForm([
        field({ id: "n", type: "number", label: "Combien", ...bounds }),
        field({ id: "t", type: "text", label: "Autre", page: 1 }),
      ]),
    );
    await user.type(await screen.findByLabelText("Combien"), typed);
    await user.click(next());
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it("checks a text field whose label mentions 'courriel' as an address", async () => {
    const { user } = setup(publicForm([field({ id: "c", type: "text", label: "Votre courriel" })]));
    await user.type(await screen.findByLabelText("Votre courriel"), "nope");
    await user.click(send());
    expect(screen.getByText("Veuillez saisir une adresse email valide.")).toBeInTheDocument();
  });

  it("'Précédent' goes back with the answers kept", async () => {
    const { user } = setup(publicForm(threePages));
    await fillFirstPage(user);
    await user.click(next());
    await user.click(screen.getByRole("button", { name: fr.publicForm.previous }));
    expect(screen.getByLabelText("Votre commentaire")).toHaveValue("Très belle lampe.");
    expect(screen.getByRole("radio", { name: "4 sur 5" })).toBeChecked();
  });

  it("submit checks every page and jumps to the first page with an error", async () => {
    // Page 0 valid, page 1 has a required field left empty; the error is found from the last page.
    const schema: FormField[] = [
      field({ id: "a", type: "text", label: "Premier", page: 0 }),
      field({ id: "b", type: "text", label: "Deuxième", required: true, page: 1 }),
      field({ id: "c", type: "text", label: "Troisième", page: 2 }),
    ];
    const { user, submit } = setup(publicForm(schema));
    await user.click(await screen.findByRole("button", { name: fr.publicForm.next }));
    await user.type(screen.getByLabelText(/Deuxième/), "ok");
    await user.click(next());
    await user.click(screen.getByRole("button", { name: fr.publicForm.previous }));
    await user.clear(screen.getByLabelText(/Deuxième/));
    await user.click(next());
    expect(screen.getByText("Ce champ est obligatoire.")).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Deuxième/), "x");
    await user.click(next());
    expect(screen.getByText(fr.publicForm.page(3, 3))).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });
});

describe("sending", () => {
  it("sends cleaned answers (optional empty omitted) and shows 'Merci pour votre avis !'", async () => {
    const schema: FormField[] = [
      field({ id: "rating", type: "rating", label: "Note", required: true, rating_type: "slider" }),
      field({ id: "qty", type: "number", label: "Quantité" }),
      field({ id: "reco", type: "checkbox", label: "Recommande", options: ["Oui", "Non"] }),
      field({ id: "empty", type: "text", label: "Facultatif" }),
      field({ id: "color", type: "select", label: "Couleur", options: ["Rouge", "Bleu"] }),
    ];
    const { user, submit } = setup(publicForm(schema), { ok: true }, "key-send");
    const slider = await screen.findByRole("slider", { name: /Note/ });
    fireEvent.change(slider, { target: { value: "3.7" } });
    await user.type(screen.getByLabelText("Quantité"), "3");
    await user.click(screen.getByRole("checkbox", { name: "Oui" }));
    await user.click(screen.getByRole("radio", { name: "Bleu" }));
    await user.click(send());
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const [apiKey, answers, files] = submit.mock.calls[0] ?? [];
    expect(apiKey).toBe("key-send");
    expect(answers).toEqual({ rating: 3.7, qty: 3, reco: ["Oui"], color: "Bleu" });
    expect(files).toEqual({});
    expect(await screen.findByRole("heading", { name: "Merci pour votre avis !" })).toHaveFocus();
    expect(screen.getByRole("link", { name: "Retourner sur le site de Maison Lumière" })).toHaveAttribute(
      "href",
      "https://maison-lumiere.fr/",
    );
  });

  it("after one product of a multi-product order, the thank-you page leads to the others", async () => {
    const schema: FormField[] = [
      field({ id: "rating", type: "rating", label: "Note", required: true, rating_type: "slider" }),
    ];
    const others = [{ product_name: "Bol Grès", review_url: "/create-reviews?api_key=k2" }];
    const { user } = setup(publicForm(schema), { ok: true, others }, "key-others");
    fireEvent.change(await screen.findByRole("slider", { name: /Note/ }), { target: { value: "4" } });
    await user.click(send());
    expect(
      await screen.findByRole("heading", { name: "Et les autres produits de votre commande ?" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Noter Bol Grès" })).toHaveAttribute(
      "href",
      "/create-reviews?api_key=k2",
    );
  });

  it("sends ratings rounded to 2 decimals", async () => {
    localStorage.setItem(
      "certavis.review-draft.key-round",
      JSON.stringify({ answers: { light: 3.456 }, page: 0 }),
    );
    const { user, submit } = setup(
      publicForm([
        field({ id: "light", type: "rating", rating_type: "slider", label: "Lumière", required: true }),
      ]),
      { ok: true },
      "key-round",
    );
    await user.click(await screen.findByRole("button", { name: fr.publicForm.submit }));
    expect(submit.mock.calls[0]?.[1]).toEqual({ light: 3.46 });
  });

  it("a slider left at 0 is an answer", async () => {
    const { user, submit } = setup(
      publicForm([field({ id: "r", type: "rating", label: "Note", required: true, rating_type: "slider" })]),
    );
    await user.click(await screen.findByRole("button", { name: fr.publicForm.submit }));
    await waitFor(() => expect(submit).toHaveBeenCalled());
    expect(submit.mock.calls[0]?.[1]).toEqual({ r: 0 });
  });

  it("sends picked files beside the answers", async () => {
    URL.createObjectURL = () => "blob:http://localhost/x";
    URL.revokeObjectURL = () => {};
    const { user, submit } = setup(
      publicForm([field({ id: "photo", type: "media", label: "Photo", required: true })]),
    );
    await user.click(await screen.findByRole("button", { name: fr.publicForm.submit }));
    expect(screen.getByText("Ce champ est obligatoire.")).toBeInTheDocument();
    const photo = new File([new Uint8Array(20)], "lampe.jpg", { type: "image/jpeg" });
    await user.upload(screen.getByLabelText("Ajouter des photos"), photo);
    await user.click(send());
    await waitFor(() => expect(submit).toHaveBeenCalled());
    expect(submit.mock.calls[0]?.[1]).toEqual({});
    expect(submit.mock.calls[0]?.[2]).toEqual({ photo: [photo] });
  });
});

describe("server errors", () => {
  const schema: FormField[] = [
    field({ id: "rating", type: "rating", label: "Note", required: true, page: 0 }),
    field({ id: "comment", type: "textarea", label: "Commentaire", page: 1 }),
  ];

  async function submitValid(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole("radio", { name: "4 sur 5" }));
    await user.click(next());
    await user.type(screen.getByLabelText("Commentaire"), "Bien.");
    await user.click(send());
  }

  it("maps a 400 to its fields (jumping to their page) and general keys to the banner", async () => {
    const { user } = setup(publicForm(schema), {
      ok: false,
      status: 400,
      body: {
        rating: ["Note invalide."],
        non_field_errors: ["Formulaire expiré."],
        detail: "Vérifiez vos réponses.",
      },
    });
    await submitValid(user);
    expect(await screen.findByText("Note invalide.")).toBeInTheDocument();
    expect(screen.getByText(fr.publicForm.page(1, 2))).toBeInTheDocument();
    const banner = screen.getByRole("alert");
    expect(banner).toHaveTextContent("Formulaire expiré.");
    expect(banner).toHaveTextContent("Vérifiez vos réponses.");
    expect(banner).toHaveFocus();
  });

  it.each([
    [{ ok: false, status: 400, body: {} }, "Une erreur est survenue. Veuillez réessayer."],
    [
      { ok: false, status: 403, body: { detail: "Un avis a déjà été déposé pour cette commande." } },
      "Un avis a déjà été déposé pour cette commande.",
    ],
    [{ ok: false, status: 500, body: null }, "Impossible d’envoyer votre avis pour le moment."],
    [{ ok: false, status: 0, body: null }, "Impossible d’envoyer votre avis pour le moment."],
  ] as const)("shows %o as '%s' and keeps the answers", async (result, message) => {
    const { user } = setup(publicForm(schema), result as SubmitResult);
    await submitValid(user);
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(screen.getByLabelText("Commentaire")).toHaveValue("Bien.");
  });
});

describe("another form", () => {
  it("starts over on its first page, with its own answers", async () => {
    const forms: Record<string, PublicForm> = {
      "key-a": publicForm(threePages),
      "key-b": publicForm(threePages.slice(0, 4), {
        form: {
          id: "f0000000-0000-4000-8000-00000000000b",
          title: "Autre",
          description: null,
          schema: threePages.slice(0, 4),
        },
      }),
    };
    const load = async (key: string): Promise<LoadResult> => {
      const data = forms[key];
      return data ? { ok: true, data } : { ok: false, message: "?" };
    };
    const user = userEvent.setup();
    const view = render(<ReviewFormPage apiKey="key-a" load={load} />);
    await fillFirstPage(user);
    await user.click(next());
    expect(await screen.findByText(fr.publicForm.page(2, 3))).toBeInTheDocument();
    view.rerender(<ReviewFormPage apiKey="key-b" load={load} />);
    expect(await screen.findByText(fr.publicForm.page(1, 2))).toBeInTheDocument();
    expect(screen.getByLabelText("Votre commentaire")).toHaveValue("");
    expect(localStorage.getItem("certavis.review-draft.key-b") ?? "").not.toContain("Très belle lampe.");
    expect(localStorage.getItem("certavis.review-draft.key-a")).toContain("Très belle lampe.");
  });
});

describe("answers kept until sent", () => {
  it("restores typed answers and the page after a reload, and forgets them once sent", async () => {
    const first = setup(publicForm(threePages), { ok: true }, "key-draft");
    await fillFirstPage(first.user);
    await first.user.click(next());
    first.view.unmount();

    const second = setup(publicForm(threePages), { ok: true }, "key-draft");
    expect(await screen.findByText(fr.publicForm.page(2, 3))).toBeInTheDocument();
    await second.user.click(screen.getByRole("button", { name: fr.publicForm.previous }));
    expect(screen.getByLabelText("Votre commentaire")).toHaveValue("Très belle lampe.");
    expect(localStorage.getItem("certavis.review-draft.key-draft")).toContain("Très belle lampe.");
    second.view.unmount();

    const other = setup(publicForm(threePages), { ok: true }, "key-other");
    expect(await screen.findByText(fr.publicForm.page(1, 3))).toBeInTheDocument();
    expect(screen.getByLabelText("Votre commentaire")).toHaveValue("");
    other.view.unmount();

    const third = setup(
      publicForm([field({ id: "comment", type: "textarea", label: "Votre commentaire" })]),
      { ok: true },
      "key-draft",
    );
    expect(await screen.findByLabelText("Votre commentaire")).toHaveValue("Très belle lampe.");
    await third.user.click(send());
    await screen.findByText("Merci pour votre avis !");
    expect(localStorage.getItem("certavis.review-draft.key-draft")).toBeNull();
  });
});
