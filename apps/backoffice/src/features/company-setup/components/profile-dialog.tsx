import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Dialog, Flex } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { DeleteAccountDialog } from "../../../components/delete-account-dialog";
import { ErrorCallout } from "../../../components/error-callout";
import { FormField } from "../../../components/form-field";
import type { User } from "../../../lib/api/get-me";
import { useUpdateProfile } from "../../../lib/api/update-profile";
import { type FieldErrors, showSaveError } from "../../../lib/field-errors";
import { toast } from "../../../lib/toast/toast-store";

const t = fr.companySetup.profileDialog;

/** First name, last name, e-mail; 'Enregistrer' only when something changed; account deletion with the password. */
export function ProfileDialog({
  user,
  open,
  onOpenChange,
}: {
  user: User;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [values, setValues] = useState({
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateProfile();
  const changed =
    values.first_name !== user.first_name ||
    values.last_name !== user.last_name ||
    values.email !== user.email;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!changed) return;
    const body: Partial<typeof values> = {};
    if (values.first_name !== user.first_name) body.first_name = values.first_name.trim();
    if (values.last_name !== user.last_name) body.last_name = values.last_name.trim();
    if (values.email !== user.email) body.email = values.email.trim();
    update.mutate(body, {
      onSuccess: (updated) => {
        setErrors({});
        toast({
          title: t.saved,
          description: updated.pending_email
            ? fr.settings.user.profile.emailChangePending(updated.pending_email)
            : undefined,
          variant: "success",
        });
        onOpenChange(false);
      },
      onError: (e) => showSaveError(e, setErrors, fr.errors.profile.updateFailed),
    });
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="460px" aria-describedby={undefined}>
        <Dialog.Title>{t.title}</Dialog.Title>
        <form noValidate onSubmit={onSubmit}>
          <Flex direction="column" gap="3">
            <ErrorCallout message={errors._general} />
            <FormField
              label={t.firstName}
              value={values.first_name}
              autoComplete="given-name"
              onChange={(e) => setValues({ ...values, first_name: e.target.value })}
              error={errors.first_name}
            />
            <FormField
              label={t.lastName}
              value={values.last_name}
              autoComplete="family-name"
              onChange={(e) => setValues({ ...values, last_name: e.target.value })}
              error={errors.last_name}
            />
            <FormField
              label={t.email}
              type="email"
              value={values.email}
              autoComplete="email"
              onChange={(e) => setValues({ ...values, email: e.target.value })}
              error={errors.email}
            />
            <Flex justify="between" align="center" gap="2" mt="2" wrap="wrap">
              <DeleteAccountButton />
              <Flex gap="2">
                <Dialog.Close>
                  <Button type="button" variant="secondary">
                    {t.cancel}
                  </Button>
                </Dialog.Close>
                <Button type="submit" disabled={!changed} loading={update.isPending}>
                  {t.save}
                </Button>
              </Flex>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function DeleteAccountButton() {
  return (
    <DeleteAccountDialog
      trigger={
        <Button type="button" variant="link" className="text-[var(--red-11)]">
          {t.deleteAccount}
        </Button>
      }
    />
  );
}
