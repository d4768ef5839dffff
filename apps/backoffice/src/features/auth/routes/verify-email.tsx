import { ApiError } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { fr } from "@certavis/i18n-fr";
import { Button, Callout, Flex } from "@radix-ui/themes";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { AuthLayout } from "../../../components/auth-layout";
import { FormField } from "../../../components/form-field";
import { useMe } from "../../../lib/api/get-me";
import { signOut } from "../../../lib/session";
import { toast } from "../../../lib/toast/toast-store";
import { useResendEmailCode } from "../api/resend-email-code";
import { useVerifyEmail } from "../api/verify-email";
import { CODE_LENGTH, sanitizeCode } from "../lib/stand-ins";
import { useCountdown } from "../lib/use-countdown";

const t = fr.auth.verify;
const RESEND_SECONDS = 60;

export function VerifyEmailRoute() {
  const [params] = useSearchParams();
  const [code, setCode] = useState(() => sanitizeCode(params.get("code") ?? ""));
  const [error, setError] = useState<string>();
  const [resendError, setResendError] = useState<string>();
  const me = useMe();
  const verify = useVerifyEmail();
  const resend = useResendEmailCode();
  const countdown = useCountdown();
  const navigate = useNavigate();
  const client = useQueryClient();
  const autoSubmitted = useRef(false);

  function submit(value: string) {
    if (value.length !== CODE_LENGTH || verify.isPending) return;
    setError(undefined);
    verify.mutate(value, {
      onSuccess: async () => {
        toast({ title: t.success, variant: "success" });
        await client.refetchQueries({ queryKey: queryKeys.me });
        navigate("/", { replace: true });
      },
      onError: () => setError(fr.errors.verification.invalidCode),
    });
  }

  // A 6-character code arriving in the URL (the mail's link) is submitted at once.
  useEffect(() => {
    if (autoSubmitted.current) return;
    autoSubmitted.current = true;
    if (code.length === CODE_LENGTH) submit(code);
  });

  function onResend() {
    setResendError(undefined);
    resend.mutate(undefined, {
      onSuccess: () => {
        toast({ title: t.resent, variant: "success" });
        countdown.start(RESEND_SECONDS);
      },
      onError: (e) => {
        if (e instanceof ApiError && e.status === 429) {
          setResendError(fr.errors.verification.throttled);
          countdown.start(RESEND_SECONDS);
        } else setResendError(fr.errors.verification.resendFailed);
      },
    });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    submit(code);
  }

  return (
    <AuthLayout title={t.title} subtitle={t.description(me.data?.email ?? "")}>
      <form noValidate onSubmit={onSubmit}>
        <Flex direction="column" gap="4">
          <FormField
            label={t.codeLabel}
            name="code"
            value={code}
            onChange={(e) => setCode(sanitizeCode(e.target.value))}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={CODE_LENGTH}
            className="font-mono tracking-[0.4em]"
            error={error}
          />
          <Button type="submit" size="3" disabled={code.length !== CODE_LENGTH} loading={verify.isPending}>
            {t.submit}
          </Button>
          {resendError ? (
            <Callout.Root color="orange" role="alert">
              <Callout.Text>{resendError}</Callout.Text>
            </Callout.Root>
          ) : null}
          <Button
            type="button"
            variant="soft"
            size="3"
            disabled={countdown.left > 0}
            loading={resend.isPending}
            onClick={onResend}
          >
            {countdown.left > 0 ? t.resendIn(countdown.left) : t.resend}
          </Button>
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              signOut(client);
              navigate("/login", { replace: true });
            }}
          >
            {t.backToLogin}
          </Button>
        </Flex>
      </form>
    </AuthLayout>
  );
}
