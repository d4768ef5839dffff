import { tappedStarValue } from "@certavis/form-fields";
import { fr } from "@certavis/i18n-fr";
import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import type { FormField } from "../src/features/review-form/api/review-form-types";
import { FieldInput } from "../src/features/review-form/components/field-input";
import { field } from "./fixtures";

/** One field with its value kept in state, the latest value exposed for assertions. */
function renderField(f: FormField, initial?: unknown, error?: string) {
  const seen: { value: unknown } = { value: initial };
  function Harness() {
    const [value, setValue] = useState<unknown>(initial);
    return (
      <FieldInput
        field={f}
        value={value}
        error={error}
        onChange={(next) => {
          seen.value = next;
          setValue(next);
        }}
      />
    );
  }
  render(<Harness />);
  return seen;
}

describe("text fields", () => {
  it.each([
    ["text", "text"],
    ["email", "email"],
    ["number", "number"],
  ] as const)("%s renders a labelled input of type %s", async (type, inputType) => {
    const seen = renderField(field({ id: "f", type, label: "Question", required: true }));
    const input = screen.getByLabelText(/Question/);
    expect(input).toHaveAttribute("type", inputType);
    expect(input).toHaveAttribute("aria-required", "true");
    await userEvent.type(input, "42");
    expect(seen.value).toBe("42");
  });

  it("textarea renders a labelled multi-line box", async () => {
    const seen = renderField(field({ id: "f", type: "textarea", label: "Commentaire" }));
    const box = screen.getByLabelText("Commentaire");
    expect(box.tagName).toBe("TEXTAREA");
    await userEvent.type(box, "Bien{enter}reçu");
    expect(seen.value).toBe("Bien\nreçu");
  });

  it("links the error message and the help text with aria-describedby", () => {
    renderField(
      field({ id: "f", type: "text", label: "Nom", help_text: "Votre prénom suffit." }),
      "",
      "Ce champ est obligatoire.",
    );
    const input = screen.getByLabelText("Nom");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("Votre prénom suffit. Ce champ est obligatoire.");
  });
});

describe("rating fields", () => {
  it("star: whole stars 1 to 5 by default", async () => {
    const seen = renderField(field({ id: "r", type: "rating", label: "Note" }));
    const group = screen.getByRole("group", { name: "Note" });
    const radios = within(group).getAllByRole("radio");
    expect(radios).toHaveLength(5);
    expect(radios[0]).toHaveAccessibleName(fr.publicForm.ratingValue("1", 5));
    expect(radios[4]).toHaveAccessibleName(fr.publicForm.ratingValue("5", 5));
    await userEvent.click(screen.getByRole("radio", { name: "4 sur 5" }));
    expect(seen.value).toBe(4);
  });

  it("star: half steps only when the field asks for them", async () => {
    const seen = renderField(field({ id: "r", type: "rating", label: "Note", rating_half_steps: true }));
    const radios = within(screen.getByRole("group", { name: "Note" })).getAllByRole("radio");
    expect(radios).toHaveLength(10);
    expect(radios[0]).toHaveAccessibleName(fr.publicForm.ratingValue("0,5", 5));
    await userEvent.click(screen.getByRole("radio", { name: "3,5 sur 5" }));
    expect(seen.value).toBe(3.5);
  });

  it("star: a second tap on the chosen star never changes it (5 stays 5)", () => {
    const seen = renderField(field({ id: "r", type: "rating", label: "Note", rating_half_steps: true }));
    const five = screen.getByRole("radio", { name: "5 sur 5" });
    for (let tap = 0; tap < 2; tap++) {
      fireEvent.pointerDown(five, { pointerType: "touch" });
      fireEvent.click(five);
      expect(seen.value).toBe(5);
    }
  });

  it("star: honours rating_max", () => {
    renderField(field({ id: "r", type: "rating", label: "Note", rating_max: 10 }));
    expect(screen.getAllByRole("radio")).toHaveLength(10);
    expect(screen.getByRole("radio", { name: "10 sur 10" })).toBeInTheDocument();
  });

  it("slider: starts at 0 and reads its value", () => {
    const seen = renderField(field({ id: "r", type: "rating", label: "Note", rating_type: "slider" }), 0);
    const slider = screen.getByRole("slider", { name: "Note" });
    expect(slider).toHaveValue("0");
    expect(slider).toHaveAttribute("max", "5");
    expect(slider).toHaveAttribute("aria-valuetext", "0 sur 5");
    fireEvent.change(slider, { target: { value: "3.7" } });
    expect(seen.value).toBe(3.7);
    expect(slider).toHaveAttribute("aria-valuetext", "3,7 sur 5");
  });

  it("note: one choice per whole number", async () => {
    const seen = renderField(
      field({ id: "r", type: "rating", label: "Note", rating_type: "note", rating_max: 10 }),
    );
    expect(screen.getAllByRole("radio")).toHaveLength(10);
    await userEvent.click(screen.getByRole("radio", { name: "7 sur 10" }));
    expect(seen.value).toBe(7);
  });
});

describe("choice fields", () => {
  it("select: one choice among radio buttons in a labelled group", async () => {
    const seen = renderField(field({ id: "s", type: "select", label: "Taille", options: ["S", "M", "L"] }));
    const group = screen.getByRole("group", { name: "Taille" });
    await userEvent.click(within(group).getByRole("radio", { name: "M" }));
    await userEvent.click(within(group).getByRole("radio", { name: "L" }));
    expect(seen.value).toBe("L");
  });

  it("dropdown: a native select with the placeholder first", async () => {
    const seen = renderField(
      field({ id: "d", type: "dropdown", label: "Couleur", options: ["Rouge", "Bleu"] }),
    );
    const select = screen.getByRole("combobox", { name: "Couleur" });
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual([fr.publicForm.selectPlaceholder, "Rouge", "Bleu"]);
    await userEvent.selectOptions(select, "Bleu");
    expect(seen.value).toBe("Bleu");
    await userEvent.selectOptions(select, "");
    expect(seen.value).toBeUndefined();
  });

  it("checkbox: a list of choices, kept in the options' order", async () => {
    const seen = renderField(
      field({ id: "c", type: "checkbox", label: "Usages", options: ["Salon", "Chambre", "Bureau"] }),
    );
    const group = screen.getByRole("group", { name: "Usages" });
    await userEvent.click(within(group).getByRole("checkbox", { name: "Bureau" }));
    await userEvent.click(within(group).getByRole("checkbox", { name: "Salon" }));
    expect(seen.value).toEqual(["Salon", "Bureau"]);
    await userEvent.click(within(group).getByRole("checkbox", { name: "Bureau" }));
    expect(seen.value).toEqual(["Salon"]);
  });
});

function image(name: string, bytes: number, type = "image/png"): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

describe("file and media fields", () => {
  it("media: accepts images only by default, with the size hint", () => {
    renderField(field({ id: "m", type: "media", label: "Photos" }));
    const input = screen.getByLabelText("Ajouter des photos");
    expect(input).toHaveAttribute("accept", "image/*");
    expect(input).not.toHaveAttribute("multiple");
    expect(screen.getByRole("group", { name: "Photos" })).toHaveTextContent(fr.publicForm.maxSize(10));
  });

  it("media: says photos, videos, or both, as the field takes them", () => {
    renderField(field({ id: "v", type: "media", label: "Vidéo", allow_images: false, allow_videos: true }));
    expect(screen.getByLabelText("Ajouter des vidéos")).toHaveAttribute("accept", "video/*");
  });

  it("media: videos too when allowed, several when max_count > 1", () => {
    renderField(field({ id: "m", type: "media", label: "Photos", allow_videos: true, max_count: 3 }));
    const input = screen.getByLabelText(fr.publicForm.chooseMedia);
    expect(input).toHaveAttribute("accept", "image/*,video/*");
    expect(input).toHaveAttribute("multiple");
  });

  it("file: uses the field's accept", () => {
    renderField(field({ id: "f", type: "file", label: "Facture", accept: ".pdf" }));
    expect(screen.getByLabelText(fr.publicForm.chooseFile)).toHaveAttribute("accept", ".pdf");
  });

  it("keeps a picked photo, previews it, and removes it", async () => {
    const created: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return "blob:http://localhost/1";
    };
    URL.revokeObjectURL = () => {};
    const seen = renderField(field({ id: "m", type: "media", label: "Photos" }));
    await userEvent.upload(screen.getByLabelText("Ajouter des photos"), image("lampe.png", 1000));
    expect((seen.value as File[]).map((f) => f.name)).toEqual(["lampe.png"]);
    expect(screen.getByRole("group", { name: "Photos" }).querySelector("img")).toHaveAttribute(
      "src",
      "blob:http://localhost/1",
    );
    await userEvent.click(screen.getByRole("button", { name: "Retirer lampe.png" }));
    expect(seen.value).toBeUndefined();
  });

  it("refuses a file over max_size_mb with the domain's message", async () => {
    const seen = renderField(field({ id: "m", type: "file", label: "Pièce", max_size_mb: 1 }));
    await userEvent.upload(
      screen.getByLabelText(fr.publicForm.chooseFile),
      image("gros.png", 1024 * 1024 + 1),
    );
    expect(seen.value).toBeUndefined();
    expect(screen.getByText("Chaque fichier doit faire au plus 1 Mo.")).toBeInTheDocument();
  });

  it("refuses files beyond max_count", async () => {
    const seen = renderField(field({ id: "m", type: "media", label: "Photos", max_count: 2 }));
    await userEvent.upload(screen.getByLabelText("Ajouter des photos"), [
      image("a.png", 10),
      image("b.png", 10),
      image("c.png", 10),
    ]);
    expect((seen.value as File[]).map((f) => f.name)).toEqual(["a.png", "b.png"]);
    expect(screen.getByText("Vous pouvez envoyer au plus 2 fichiers.")).toBeInTheDocument();
  });

  it("says how many files are allowed, and disables the picker once they are chosen", async () => {
    renderField(field({ id: "m", type: "media", label: "Photos", max_count: 2 }));
    const group = screen.getByRole("group", { name: "Photos" });
    expect(group).toHaveTextContent("Vous pouvez ajouter 2 fichiers au maximum.");
    const input = screen.getByLabelText("Ajouter des photos");
    await userEvent.upload(input, [image("a.png", 10)]);
    expect(input).toBeEnabled();
    await userEvent.upload(input, [image("b.png", 10)]);
    expect(input).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "Retirer a.png" }));
    expect(input).toBeEnabled();
  });

  it("refuses a video when the media field allows images only", async () => {
    const seen = renderField(field({ id: "m", type: "media", label: "Photos" }));
    const input = screen.getByLabelText("Ajouter des photos");
    fireEvent.change(input, { target: { files: [image("film.mp4", 10, "video/mp4")] } });
    expect(seen.value).toBeUndefined();
    expect(screen.getByText("Ce type de fichier n'est pas autorisé.")).toBeInTheDocument();
  });
});

describe("tappedStarValue (touch)", () => {
  it("gives the whole star, whatever was chosen before", () => {
    expect(tappedStarValue(3.5)).toBe(4);
    expect(tappedStarValue(4)).toBe(4);
    expect(tappedStarValue(0.5)).toBe(1);
  });
});
