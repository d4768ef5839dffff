import type { FormField } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Card, Text } from "@radix-ui/themes";
import type { UseFormRegister } from "react-hook-form";
import type { BuilderValues } from "../lib/builder-values";
import { FieldSettings } from "./field-settings";

const t = fr.forms.editor;

/** The fields of the page shown, each with its settings, in their order (or 'no field yet'). */
export function PageFieldsList({
  page,
  fields,
  pageFields,
  register,
  onUpdate,
  onMove,
  onRemove,
  onTitle,
}: {
  page: number;
  /** All the form's fields: a field's settings are registered at its index among them. */
  fields: readonly FormField[];
  pageFields: readonly FormField[];
  register: UseFormRegister<BuilderValues>;
  onUpdate: (index: number, field: FormField) => void;
  onMove: (field: FormField, direction: "up" | "down") => void;
  onRemove: (field: FormField) => void;
  onTitle: (field: FormField, on: boolean) => void;
}) {
  return (
    <section aria-label={t.pageFields(page + 1)}>
      {pageFields.length === 0 ? (
        <Card>
          <Text color="gray" size="2">
            {t.noFields}
          </Text>
        </Card>
      ) : (
        <ol className="m-0 flex list-none flex-col gap-3 p-0">
          {pageFields.map((field) => {
            const index = fields.findIndex((f) => f.id === field.id);
            return (
              <li key={field.id}>
                <FieldSettings
                  field={field}
                  index={index}
                  count={pageFields.length}
                  register={register}
                  onChange={(next) => onUpdate(index, next)}
                  onMove={(direction) => onMove(field, direction)}
                  onRemove={() => onRemove(field)}
                  onTitle={(on) => onTitle(field, on)}
                />
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
