import { validatePasswordReset } from "@certavis/domain";
import { domainCodeText, fr } from "@certavis/i18n-fr";
import { Button, Flex, Link as RLink } from "@radix-ui/themes";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { AuthLayout } from "../../../components/auth-layout";
import { ErrorCallout } from "../../../components/error-callout";
import { FormField } from "../../../components/form-field";
import { apiFieldErrors, type FieldErrors } from "../../../lib/field-errors";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";
import { useConfirmPasswordReset } from "../api/reset-password";

const t = fr.auth.reset;

/** Three states: invalid link (no token), the form, success. */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const [errors, setErrors] = useState<FieldErrors>({});
  const reset = useConfirmPasswordReset();

  useEffect(() => {
    if (!token) toast({ title: fr.errors.password.invalidLink, variant: "error" });
  }, [token]);

  if (!token)
    return (
      <AuthLayout title={t.invalidTitle} subtitle={t.invalidDescription}>
        <Flex direction="column" gap="3">
          <Button asChild size="3">
            <Link to="/forgot-password">{t.requestNewLink}</Link>
          </Button>
          <RLink asChild size="2" className="self-center">
            <Link to="/login">{t.backToLogin}</Link>
          </RLink>
        </Flex>
      </AuthLayout>
    );

  if (reset.isSuccess)
    return (
      <AuthLayout title={t.successTitle} subtitle={t.successDescription}>
        <Button asChild size="3">
          <Link to="/login">{t.backToLogin}</Link>
        </Button>
      </AuthLayout>
    );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get("password") ?? "");
    const confirmation = String(data.get("confirmation") ?? "");
    const invalid = validatePasswordReset({ token, password, confirmation });
    setErrors(invalid ? { [invalid.field]: domainCodeText(invalid.problem) } : {});
    if (invalid) return;
    reset.mutate(
      { token, password },
      {
        onError: (e) => {
          const fields = apiFieldErrors(e);
          if (fields.password) setErrors({ password: fields.password });
          else if (fields.token || fields._general)
            setErrors({ _general: fields.token ?? fields._general ?? "" });
          else toastError(e, fr.errors.password.resetFailed);
        },
      },
    );
  }

  return (
    <AuthLayout title={t.title}>
      <form noValidate onSubmit={onSubmit}>
        <Flex direction="column" gap="4">
          <ErrorCallout message={errors._general} />
          <FormField
            label={t.newPassword}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            error={errors.password}
          />
          <FormField
            label={t.confirmPassword}
            name="confirmation"
            type="password"
            autoComplete="new-password"
            required
            error={errors.confirmation}
          />
          <Button type="submit" size="3" loading={reset.isPending}>
            {t.submit}
          </Button>
        </Flex>
      </form>
    </AuthLayout>
  );
}
