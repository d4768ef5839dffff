import { validatePasswordChange } from "@certavis/domain";
import { domainToast, fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Flex } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { FormField } from "../../../components/form-field";
import { SettingsSection } from "../../../components/settings-section";
import { type FieldErrors, showSaveError } from "../../../lib/field-errors";
import { toast } from "../../../lib/toast/toast-store";
import { useChangePassword } from "../api/change-password";

const t = fr.settings.user.password;
const EMPTY = { current_password: "", password: "", confirmation: "" };
const FIELDS = [
  { name: "current_password", label: t.current, autoComplete: "current-password" },
  { name: "password", label: t.new, autoComplete: "new-password" },
  { name: "confirmation", label: t.confirm, autoComplete: "new-password" },
] as const;

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
        onError: (error) => showSaveError(error, setErrors, fr.errors.profile.passwordUpdateFailed),
      },
    );
  }

  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setValues({ ...values, [field]: e.target.value });

  return (
    <SettingsSection id="password-title" title={t.title}>
      <form noValidate onSubmit={submit}>
        <Flex direction="column" gap="3">
          {FIELDS.map(({ name, label, autoComplete }) => (
            <FormField
              key={name}
              label={label}
              type="password"
              autoComplete={autoComplete}
              value={values[name]}
              error={errors[name]}
              onChange={set(name)}
            />
          ))}
          <Flex justify="end">
            <Button type="submit" loading={change.isPending}>
              {t.submit}
            </Button>
          </Flex>
        </Flex>
      </form>
    </SettingsSection>
  );
}
