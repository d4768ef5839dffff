import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Card, Flex, Heading, Text } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { FormField } from "../../../components/form-field";
import { createCompanyErrorMessage, useCreateCompany } from "../../../lib/api/create-company";
import { apiFieldErrors } from "../../../lib/field-errors";
import { toast } from "../../../lib/toast/toast-store";

const t = fr.companySetup.create;

export function CreateCompanyCard({ onCreated }: { onCreated: () => void }) {
  const [error, setError] = useState<string>();
  const create = useCreateCompany();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "").trim();
    if (!name) {
      setError(fr.validation.companyNameRequired);
      return;
    }
    setError(undefined);
    create.mutate(name, {
      onSuccess: () => {
        toast({ title: t.created, variant: "success" });
        onCreated();
      },
      onError: (e) => {
        const fields = apiFieldErrors(e);
        if (fields.name) setError(fields.name);
        else toast({ title: fr.errors.title, description: createCompanyErrorMessage(e), variant: "error" });
      },
    });
  }

  return (
    <Card size="3">
      <form noValidate onSubmit={onSubmit}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            {t.title}
          </Heading>
          <Text size="2" color="gray">
            {t.description}
          </Text>
          <FormField label={t.companyName} name="name" autoComplete="organization" required error={error} />
          <Button type="submit" loading={create.isPending} className="self-start">
            {t.submit}
          </Button>
        </Flex>
      </form>
    </Card>
  );
}
