import { type FormField, markTitleField } from "@certavis/domain";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { FieldSettings } from "../../src/features/forms/components/field-settings";
import type { BuilderValues } from "../../src/features/forms/lib/builder-values";
import { renderWithProviders } from "../support/render-app";

const text = (id: string, position: number, review_title = false): FormField => ({
  id,
  type: "text",
  label: id,
  required: false,
  page: 0,
  position,
  review_title,
});

/** Two text fields and a textarea, as the builder lays them out. */
function Builder({ seen }: { seen: { fields: FormField[] } }) {
  const [fields, setFields] = useState<FormField[]>([
    text("Titre", 0, true),
    text("Accroche", 1),
    { ...text("Commentaire", 2), type: "textarea" },
  ]);
  seen.fields = fields;
  const { register } = useForm<BuilderValues>({ defaultValues: { fields } });
  return (
    <>
      {fields.map((field, index) => (
        <FieldSettings
          key={field.id}
          field={field}
          index={index}
          count={fields.length}
          register={register}
          onChange={() => undefined}
          onMove={() => undefined}
          onRemove={() => undefined}
          onTitle={(on) => setFields((current) => markTitleField(current, field.id, on))}
        />
      ))}
    </>
  );
}

describe("FieldSettings: the review's title", () => {
  it("offers 'Titre de l'avis' on text fields only, one field at a time", async () => {
    const user = userEvent.setup();
    const seen = { fields: [] as FormField[] };
    renderWithProviders(<Builder seen={seen} />);
    const boxes = screen.getAllByRole("checkbox", { name: "Titre de l'avis" });
    expect(boxes).toHaveLength(2);
    expect(boxes[0]).toBeChecked();
    expect(boxes[0]).toHaveAccessibleDescription("La réponse devient le titre de l'avis publié.");
    await user.click(boxes[1] as HTMLElement);
    expect(seen.fields.map((f) => f.review_title)).toEqual([false, true, false]);
  });
});
