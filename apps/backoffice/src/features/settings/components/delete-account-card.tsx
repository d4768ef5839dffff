import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { AlertDialog, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { FormField } from "../../../components/form-field";
import { useDeleteAccount } from "../../../lib/api/delete-account";
import { apiFieldErrors } from "../../../lib/field-errors";
import { signOut } from "../../../lib/session";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";

const t = fr.settings.user.deleteAccount;

/** Account deletion with the password; signed out to /login afterwards. */
export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const remove = useDeleteAccount();
  const client = useQueryClient();
  const navigate = useNavigate();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError(fr.validation.passwordRequired);
      return;
    }
    remove.mutate(password, {
      onSuccess: () => {
        toast({ title: t.deleted, variant: "success" });
        signOut(client);
        navigate("/login", { replace: true });
      },
      onError: (e) => {
        const fields = apiFieldErrors(e);
        if (fields.password) setError(fields.password);
        else {
          setOpen(false);
          toastError(e, fr.errors.profile.deleteAccountFailed);
        }
      },
    });
  }

  return (
    <Card size="3" asChild>
      <section aria-labelledby="delete-account-title" className="border border-[var(--red-6)]">
        <Heading as="h2" size="4" id="delete-account-title" mb="2" color="red">
          {t.title}
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          {t.description}
        </Text>
        <AlertDialog.Root
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            if (!next) {
              setPassword("");
              setError(undefined);
            }
          }}
        >
          <AlertDialog.Trigger>
            <Button variant="destructive">{t.title}</Button>
          </AlertDialog.Trigger>
          <AlertDialog.Content maxWidth="420px">
            <AlertDialog.Title>{t.title}</AlertDialog.Title>
            <AlertDialog.Description size="2">{t.description}</AlertDialog.Description>
            <form noValidate onSubmit={submit}>
              <Flex direction="column" gap="3" mt="3">
                <FormField
                  label={t.password}
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  error={error}
                  onChange={(e) => setPassword(e.target.value)}
                />
                <Flex justify="end" gap="2">
                  <AlertDialog.Cancel>
                    <Button type="button" variant="outline">
                      {fr.common.cancel}
                    </Button>
                  </AlertDialog.Cancel>
                  <Button type="submit" variant="destructive" loading={remove.isPending}>
                    {t.confirm}
                  </Button>
                </Flex>
              </Flex>
            </form>
          </AlertDialog.Content>
        </AlertDialog.Root>
      </section>
    </Card>
  );
}
