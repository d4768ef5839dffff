import { errorMessage } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { fr } from "@certavis/i18n-fr";
import { Button, Callout, Flex, Spinner, Text } from "@radix-ui/themes";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AuthLayout } from "../../../components/auth-layout";
import { ErrorCallout } from "../../../components/error-callout";
import { apiFieldErrors } from "../../../lib/field-errors";
import { toast } from "../../../lib/toast/toast-store";
import { useConfirmEmailChange } from "../api/confirm-email-change";

const t = fr.auth.emailChange;

/** The server's message about the token (invalid, expired, used), else spec §8's default. */
function confirmErrorMessage(error: unknown): string {
  const fields = apiFieldErrors(error);
  return fields.token ?? fields._general ?? errorMessage(error, fr.errors.emailChange.confirmFailed);
}

/** Sent automatically on load; states: invalid link, pending, error (retry), success (→ /). */
export function ConfirmEmailChangeRoute() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const confirm = useConfirmEmailChange();
  const navigate = useNavigate();
  const client = useQueryClient();
  const sent = useRef(false);

  const submit = () =>
    confirm.mutate(token, {
      onSuccess: () => {
        void client.invalidateQueries({ queryKey: queryKeys.me });
        toast({ title: t.successTitle, description: t.successDescription, variant: "success" });
        navigate("/", { replace: true });
      },
    });

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    submit();
  });

  if (!token)
    return (
      <AuthLayout title={t.invalidTitle} subtitle={t.invalidDescription}>
        <Button asChild size="3">
          <Link to="/">{fr.shell.notFound.backHome}</Link>
        </Button>
      </AuthLayout>
    );

  return (
    <AuthLayout title={t.title}>
      {confirm.isError ? (
        <Flex direction="column" gap="4">
          <ErrorCallout message={confirmErrorMessage(confirm.error)} />
          <Button size="3" onClick={submit}>
            {t.retry}
          </Button>
        </Flex>
      ) : confirm.isSuccess ? (
        <Callout.Root color="green" role="status">
          <Callout.Text>{t.successDescription}</Callout.Text>
        </Callout.Root>
      ) : (
        <Flex role="status" align="center" gap="2">
          <Spinner />
          <Text color="gray">{t.pending}</Text>
        </Flex>
      )}
    </AuthLayout>
  );
}
