import { fr } from "@certavis/i18n-fr";
import { Button, Flex } from "@radix-ui/themes";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { AuthLayout } from "../../../components/auth-layout";
import { ErrorCallout } from "../../../components/error-callout";
import { SignUpStep } from "../../../components/sign-up-step";
import { useMe } from "../../../lib/api/get-me";
import { signOut } from "../../../lib/session";
import { VerifyEmailForm } from "../components/verify-email-form";

const t = fr.auth.verify;

/** /verify-email: the code (or the mail's link `?code=…`, sent at once); on success home. */
export function VerifyEmailRoute() {
  const [params] = useSearchParams();
  const me = useMe();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [userFetchFailed, setUserFetchFailed] = useState(false);

  function backToLogin() {
    signOut(client);
    navigate("/login", { replace: true });
  }

  return (
    <AuthLayout
      title={t.title}
      subtitle={
        // Without a company, the code ends sign-up's first step (as on /register): the counter goes on.
        me.data && !me.data.company ? (
          <>
            <SignUpStep step="account" /> · <span>{t.description(me.data.email)}</span>
          </>
        ) : (
          t.description(me.data?.email ?? "")
        )
      }
    >
      <Flex direction="column" gap="4">
        {userFetchFailed ? (
          <ErrorCallout message={fr.errors.verification.userFetchFailed} />
        ) : (
          <VerifyEmailForm
            initialCode={params.get("code") ?? ""}
            onVerified={() => navigate("/", { replace: true })}
            onUserFetchFailed={() => setUserFetchFailed(true)}
          />
        )}
        <Button type="button" variant="ghost" onClick={backToLogin}>
          {t.backToLogin}
        </Button>
      </Flex>
    </AuthLayout>
  );
}
