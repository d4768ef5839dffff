import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { AlertDialog, Flex } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { FormField } from "../../../components/form-field";
import { apiFieldErrors } from "../../../lib/field-errors";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";
import { useDeleteCompany } from "../api/delete-company";
import { useLeaveCompanyData } from "../lib/use-leave-company";

const t = fr.settings.company.danger;

/** Deleting the company: the owner types its name and their password; the button waits for both. */
export function DeleteCompanyDialog({
  companyName,
  open,
  onOpenChange,
}: {
  companyName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [typedName, setTypedName] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const remove = useDeleteCompany();
  const leave = useLeaveCompanyData();
  const nameMatches = typedName.trim() === companyName.trim();

  function close(next: boolean) {
    if (remove.isPending) return;
    if (!next) {
      setTypedName("");
      setPassword("");
      setError(undefined);
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!nameMatches) return;
    if (!password) {
      setError(fr.validation.passwordRequired);
      return;
    }
    remove.mutate(password, {
      onSuccess: async () => {
        toast({ title: t.deleted, variant: "success" });
        onOpenChange(false);
        await leave();
      },
      onError: (e) => {
        const fields = apiFieldErrors(e);
        if (fields.password) setError(fields.password);
        else toastError(e, fr.errors.company.deleteFailed);
      },
    });
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={close}>
      <AlertDialog.Content maxWidth="480px">
        <AlertDialog.Title>{t.deleteTitle}</AlertDialog.Title>
        <AlertDialog.Description size="2">{t.deleteDescription}</AlertDialog.Description>
        <form noValidate onSubmit={submit}>
          <Flex direction="column" gap="3" mt="3">
            <FormField
              label={t.typeName(companyName)}
              value={typedName}
              autoComplete="off"
              onChange={(e) => setTypedName(e.target.value)}
            />
            <FormField
              label={t.password}
              type="password"
              autoComplete="current-password"
              value={password}
              error={error}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Flex gap="3" mt="2" justify="end">
              <AlertDialog.Cancel>
                <Button type="button" variant="outline" disabled={remove.isPending}>
                  {fr.common.cancel}
                </Button>
              </AlertDialog.Cancel>
              <Button type="submit" variant="destructive" disabled={!nameMatches} loading={remove.isPending}>
                {t.deleteCompany}
              </Button>
            </Flex>
          </Flex>
        </form>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
