import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { AlertDialog, Flex } from "@radix-ui/themes";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { useDeleteAccount } from "../lib/api/delete-account";
import { apiFieldErrors } from "../lib/field-errors";
import { signOut } from "../lib/session";
import { toastError } from "../lib/toast/error-toast";
import { toast } from "../lib/toast/toast-store";
import { FormField } from "./form-field";

const t = fr.companySetup.profileDialog;

/**
 * 'Supprimer mon compte' confirmed with the password (spec §5), from the profile dialog of the company
 * set-up and from the user settings; signed out to /login afterwards.
 */
export function DeleteAccountDialog({ trigger }: { trigger: ReactNode }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const remove = useDeleteAccount();
  const client = useQueryClient();
  const navigate = useNavigate();

  function confirm(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError(fr.validation.passwordRequired);
      return;
    }
    remove.mutate(password, {
      onSuccess: () => {
        toast({ title: fr.settings.user.deleteAccount.deleted, variant: "success" });
        signOut(client);
        navigate("/login", { replace: true });
      },
      onError: (e) => {
        const fields = apiFieldErrors(e);
        if (fields.password) setError(fields.password);
        else toastError(e, fr.errors.profile.deleteAccountFailed);
      },
    });
  }

  return (
    <AlertDialog.Root
      onOpenChange={(open) => {
        if (open) return;
        setPassword("");
        setError(undefined);
      }}
    >
      <AlertDialog.Trigger>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Content maxWidth="420px">
        <AlertDialog.Title>{t.deleteTitle}</AlertDialog.Title>
        <AlertDialog.Description size="2">{t.deleteDescription}</AlertDialog.Description>
        <form noValidate onSubmit={confirm}>
          <Flex direction="column" gap="3" mt="3">
            <FormField
              label={t.password}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={error}
            />
            <Flex justify="end" gap="2">
              <AlertDialog.Cancel>
                <Button type="button" variant="secondary">
                  {t.cancel}
                </Button>
              </AlertDialog.Cancel>
              <Button type="submit" variant="destructive" loading={remove.isPending}>
                {t.deleteConfirm}
              </Button>
            </Flex>
          </Flex>
        </form>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
