import { ApiError, errorMessage } from "@certavis/api-client";
import { isCompleteCode, sanitizeVerificationCode } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Button, Callout, Flex } from "@radix-ui/themes";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { FormField } from "../../../components/form-field";
import { meQueryOptions } from "../../../lib/api/get-me";
import { apiFieldErrors } from "../../../lib/field-errors";
import { toast } from "../../../lib/toast/toast-store";
import { useResendEmailCode } from "../api/resend-email-code";
import { useVerifyEmail } from "../api/verify-email";
import { useCountdown } from "../lib/use-countdown";

const t = fr.auth.verify;
const RESEND_SECONDS = 60;

function verifyErrorMessage(error: unknown): string {
  const fields = apiFieldErrors(error);
  if (fields.code) return fields.code;
  if (error instanceof ApiError && error.status === 400) return fr.errors.verification.invalidCode;
  return errorMessage(error, fr.errors.verification.invalidCode);
}

/**
 * The 6-character code (hex only, upper-cased) with 'Vérifier le code' and the resend button (60 s
 * countdown). A complete code given in `initialCode` (the mail's link) is submitted at once. On success
 * the current user is read again before `onVerified`; if that read fails the user is told so.
 */
export function VerifyEmailForm({
  initialCode = "",
  onVerified,
  onUserFetchFailed,
}: {
  initialCode?: string;
  onVerified: () => void;
  onUserFetchFailed: () => void;
}) {
  const [code, setCode] = useState(() => sanitizeVerificationCode(initialCode));
  const [error, setError] = useState<string>();
  const [resendError, setResendError] = useState<string>();
  const verify = useVerifyEmail();
  const resend = useResendEmailCode();
  const countdown = useCountdown();
  const client = useQueryClient();
  const autoSubmitted = useRef(false);

  function submit(value: string) {
    if (!isCompleteCode(value) || verify.isPending) return;
    setError(undefined);
    verify.mutate(value, {
      onSuccess: async () => {
        toast({ title: t.success, variant: "success" });
        try {
          await client.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
        } catch {
          onUserFetchFailed();
          return;
        }
        onVerified();
      },
      onError: (e) => setError(verifyErrorMessage(e)),
    });
  }

  // A 6-character code arriving in the URL (the mail's link) is submitted at once, once.
  useEffect(() => {
    if (autoSubmitted.current) return;
    autoSubmitted.current = true;
    if (isCompleteCode(code)) submit(code);
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
    if (!isCompleteCode(code)) {
      setError(fr.validation.codeLength);
      return;
    }
    submit(code);
  }

  return (
    <form noValidate onSubmit={onSubmit}>
      <Flex direction="column" gap="4">
        <FormField
          label={t.codeLabel}
          name="code"
          value={code}
          onChange={(e) => {
            setCode(sanitizeVerificationCode(e.target.value));
            setError(undefined);
          }}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          className="font-mono tracking-[0.4em]"
          error={error}
        />
        <Button type="submit" size="3" disabled={!isCompleteCode(code)} loading={verify.isPending}>
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
      </Flex>
    </form>
  );
}
