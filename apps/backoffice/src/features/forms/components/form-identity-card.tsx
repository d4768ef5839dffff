import { fr } from "@certavis/i18n-fr";
import { Card, Grid, Text, TextArea } from "@radix-ui/themes";
import type { UseFormRegister } from "react-hook-form";
import { FormField as LabelledInput } from "../../../components/form-field";
import type { BuilderValues } from "../lib/builder-values";

const t = fr.forms.editor;

/** The form's name (for the company), and the title and description its buyers read. */
export function FormIdentityCard({
  register,
  nameError,
  titleError,
}: {
  register: UseFormRegister<BuilderValues>;
  nameError: string | undefined;
  titleError: string | undefined;
}) {
  return (
    <Card mb="5">
      <Grid columns={{ initial: "1", md: "2" }} gap="4" p="2">
        <LabelledInput label={t.name} error={nameError} {...register("name")} />
        <LabelledInput label={t.formTitle} error={titleError} {...register("title")} />
        <div className="flex flex-col gap-1 md:col-span-2">
          <Text as="label" htmlFor="form-description" size="2" weight="medium">
            {t.description}
          </Text>
          <TextArea id="form-description" rows={2} {...register("description")} />
        </div>
      </Grid>
    </Card>
  );
}
