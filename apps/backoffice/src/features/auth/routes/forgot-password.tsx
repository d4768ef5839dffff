import { fr } from "@certavis/i18n-fr";
import { Button, Callout, Flex, Link as RLink } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { AuthLayout } from "../../../components/auth-layout";
import { FormField } from "../../../components/form-field";
import { apiFieldErrors } from "../../../lib/field-errors";
import { toastError } from "../../../lib/toast/error-toast";
import { useRequestPasswordReset } from "../api/forgot-password";

const t = fr.auth.forgot;

export function ForgotPasswordRoute() {
  const [error, setError] = useState<string>();
  const reset = useRequestPasswordReset();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    if (!email) {
      setError(fr.validation.required);
      return;
    }
    setError(undefined);
    reset.mutate(email, {
      onError: (e) => {
        const fields = apiFieldErrors(e);
        if (fields.email) setError(fields.email);
        else toastError(e, fr.errors.password.forgotFailed);
      },
    });
  }

  return (
    <AuthLayout title={t.title} subtitle={t.description}>
      {reset.isSuccess ? (
        <Flex direction="column" gap="4">
          <Callout.Root color="green" role="status">
            <Callout.Text>
              <strong>{t.sentTitle}</strong> {t.sentDescription}
            </Callout.Text>
          </Callout.Root>
          <Button asChild size="3" variant="soft">
            <Link to="/login">{t.backToLogin}</Link>
          </Button>
        </Flex>
      ) : (
        <form noValidate onSubmit={onSubmit}>
          <Flex direction="column" gap="4">
            <FormField
              label={fr.auth.fields.email}
              name="email"
              type="email"
              placeholder={fr.auth.fields.emailPlaceholder}
              autoComplete="email"
              required
              error={error}
            />
            <Button type="submit" size="3" loading={reset.isPending}>
              {t.submit}
            </Button>
            <RLink asChild size="2" className="self-center">
              <Link to="/login">{t.backToLogin}</Link>
            </RLink>
          </Flex>
        </form>
      )}
    </AuthLayout>
  );
}
