import { validatePasswordChange } from "@certavis/domain";
import { domainToast, fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Card, Flex, Heading } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { FormField } from "../../../components/form-field";
import { apiFieldErrors, type FieldErrors } from "../../../lib/field-errors";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";
import { useChangePassword } from "../api/change-password";

const t = fr.settings.user.password;
const EMPTY = { current_password: "", password: "", confirmation: "" };

/** Password change with the three rules of spec §5; the other sessions are signed out by the server. */
export function PasswordForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = useChangePassword();

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validatePasswordChange(values);
    if (problem) {
      const { title, description } = domainToast(problem.problem);
      setErrors({ [problem.field]: description });
      toast({ title, description, variant: "error" });
      return;
    }
    setErrors({});
    change.mutate(
      { current_password: values.current_password, password: values.password },
      {
        onSuccess: () => {
          setValues(EMPTY);
          toast({ title: t.updated, description: t.otherSessionsSignedOut, variant: "success" });
        },
        onError: (error) => {
          const fields = apiFieldErrors(error);
          if (Object.keys(fields).length > 0) setErrors(fields);
          else toastError(error, fr.errors.profile.passwordUpdateFailed);
        },
      },
    );
  }

  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setValues({ ...values, [field]: e.target.value });

  return (
    <Card size="3" asChild>
      <section aria-labelledby="password-title">
        <Heading as="h2" size="4" id="password-title" mb="3">
          {t.title}
        </Heading>
        <form noValidate onSubmit={submit}>
          <Flex direction="column" gap="3">
            <FormField
              label={t.current}
              type="password"
              autoComplete="current-password"
              value={values.current_password}
              error={errors.current_password}
              onChange={set("current_password")}
            />
            <FormField
              label={t.new}
              type="password"
              autoComplete="new-password"
              value={values.password}
              error={errors.password}
              onChange={set("password")}
            />
            <FormField
              label={t.confirm}
              type="password"
              autoComplete="new-password"
              value={values.confirmation}
              error={errors.confirmation}
              onChange={set("confirmation")}
            />
            <Flex justify="end">
              <Button type="submit" loading={change.isPending}>
                {t.submit}
              </Button>
            </Flex>
          </Flex>
        </form>
      </section>
    </Card>
  );
}
