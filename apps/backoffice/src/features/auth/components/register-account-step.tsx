import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Flex, Grid } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { ErrorCallout } from "../../../components/error-callout";
import { FormField } from "../../../components/form-field";
import { apiFieldErrors, type FieldErrors, zodFieldErrors } from "../../../lib/field-errors";
import { toastError } from "../../../lib/toast/error-toast";
import { useRegister } from "../api/register";
import { registerAccountSchema } from "../lib/schemas";

const f = fr.auth.fields;
const t = fr.auth.register;
const ACCOUNT_FIELDS = ["email", "password", "first_name", "last_name"];

/** Step 1: the account (the user is signed in once it exists). */
export function RegisterAccountStep({ onDone }: { onDone: () => void }) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const register = useRegister();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = registerAccountSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    try {
      await register.mutateAsync(parsed.data);
      onDone();
    } catch (error) {
      const fields = apiFieldErrors(error);
      if (ACCOUNT_FIELDS.some((k) => fields[k])) setErrors(fields);
      else toastError(error, fr.errors.register.failed);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit}>
      <Flex direction="column" gap="4">
        <ErrorCallout message={errors._general} />
        <Grid columns={{ initial: "1", sm: "2" }} gap="4">
          <FormField
            label={f.firstName}
            name="first_name"
            autoComplete="given-name"
            required
            error={errors.first_name}
          />
          <FormField
            label={f.lastName}
            name="last_name"
            autoComplete="family-name"
            required
            error={errors.last_name}
          />
        </Grid>
        <FormField
          label={f.email}
          name="email"
          type="email"
          placeholder={fr.auth.fields.emailPlaceholder}
          autoComplete="email"
          required
          error={errors.email}
        />
        <FormField
          label={f.password}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={fr.validation.passwordTooShort}
          error={errors.password}
        />
        <Button type="submit" size="lg" loading={register.isPending}>
          {t.submit}
        </Button>
      </Flex>
    </form>
  );
}
