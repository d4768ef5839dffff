import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Callout, Flex } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { ErrorCallout } from "../../../components/error-callout";
import { FormField } from "../../../components/form-field";
import { SettingsSection } from "../../../components/settings-section";
import type { User } from "../../../lib/api/get-me";
import { useUpdateProfile } from "../../../lib/api/update-profile";
import { type FieldErrors, showSaveError } from "../../../lib/field-errors";
import { toast } from "../../../lib/toast/toast-store";

const t = fr.settings.user.profile;

/** First name, last name, e-mail: 'Enregistrer' only when something changed; a new e-mail waits for its link. */
export function ProfileForm({ user }: { user: User }) {
  const [values, setValues] = useState({
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateProfile();
  const body: Partial<typeof values> = {};
  if (values.first_name.trim() !== user.first_name) body.first_name = values.first_name.trim();
  if (values.last_name.trim() !== user.last_name) body.last_name = values.last_name.trim();
  if (values.email.trim().toLowerCase() !== user.email.toLowerCase()) body.email = values.email.trim();
  const changed = Object.keys(body).length > 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!changed) return;
    update.mutate(body, {
      onSuccess: (updated) => {
        setErrors({});
        toast({ title: t.updated, variant: "success" });
        setValues({ first_name: updated.first_name, last_name: updated.last_name, email: updated.email });
      },
      onError: (error) => showSaveError(error, setErrors, fr.errors.profile.updateFailed),
    });
  }

  return (
    <SettingsSection id="profile-title" title={t.title}>
      <form noValidate onSubmit={submit}>
        <Flex direction="column" gap="3">
          <ErrorCallout message={errors._general} />
          {user.pending_email ? (
            <Callout.Root color="blue" role="status">
              <Callout.Text>{t.emailChangePending(user.pending_email)}</Callout.Text>
            </Callout.Root>
          ) : null}
          <FormField
            label={t.firstName}
            autoComplete="given-name"
            value={values.first_name}
            error={errors.first_name}
            onChange={(e) => setValues({ ...values, first_name: e.target.value })}
          />
          <FormField
            label={t.lastName}
            autoComplete="family-name"
            value={values.last_name}
            error={errors.last_name}
            onChange={(e) => setValues({ ...values, last_name: e.target.value })}
          />
          <FormField
            label={t.email}
            type="email"
            autoComplete="email"
            value={values.email}
            error={errors.email}
            onChange={(e) => setValues({ ...values, email: e.target.value })}
          />
          <Flex justify="end">
            <Button type="submit" disabled={!changed} loading={update.isPending}>
              {t.save}
            </Button>
          </Flex>
        </Flex>
      </form>
    </SettingsSection>
  );
}
