import { errorMessage } from "@certavis/api-client";
import { fr } from "@certavis/i18n-fr";
import { Button, Callout, Code, Flex, Link as RLink, Text } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { AuthLayout } from "../../../components/auth-layout";
import { ErrorCallout } from "../../../components/error-callout";
import { FormField } from "../../../components/form-field";
import { apiFieldErrors, type FieldErrors } from "../../../lib/field-errors";
import type { SecondFactorChallenge } from "../api/login";
import { useLoginSecondFactor } from "../api/login-second-factor";

const t = fr.auth.secondFactor;

/**
 * An operator's second step: on the first sign-in the secret to enrol (its QR code to scan, drawn by
 * the server; the `otpauth://` link opens the authenticator app on a phone; the key can be typed),
 * then the 6-digit code.
 */
export function SecondFactorForm({
  challenge,
  onDone,
  onRestart,
}: {
  challenge: SecondFactorChallenge;
  onDone: () => void;
  onRestart: () => void;
}) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const verify = useLoginSecondFactor();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").replace(/\s/g, "");
    if (!code) {
      setErrors({ code: fr.validation.required });
      return;
    }
    setErrors({});
    try {
      await verify.mutateAsync({ challenge: challenge.challenge, code });
      onDone();
    } catch (error) {
      const fields = apiFieldErrors(error);
      setErrors(fields.code ? fields : { _general: errorMessage(error, t.subtitle) });
    }
  }

  const enrolment = challenge.enrolment;
  return (
    <AuthLayout title={t.title} subtitle={t.subtitle}>
      <form noValidate onSubmit={onSubmit}>
        <Flex direction="column" gap="4">
          {enrolment ? (
            <Callout.Root color="blue">
              <Callout.Text>
                <Text as="span" weight="bold">
                  {t.enrolTitle}
                </Text>
                <br />
                {t.enrolHelp}
              </Callout.Text>
              {/* Drawn by the server: the /login bundle carries no QR code library. */}
              <img
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_code_svg)}`}
                alt={t.qrAlt}
                width={200}
                height={200}
                data-testid="totp-qr"
                className="rounded bg-white"
              />
              <Callout.Text>
                <RLink href={enrolment.otpauth_uri}>{t.enrolLink}</RLink>
              </Callout.Text>
              <Callout.Text>
                {t.secretLabel} : <Code data-testid="totp-secret">{enrolment.secret}</Code>
              </Callout.Text>
            </Callout.Root>
          ) : null}
          <ErrorCallout message={errors._general} />
          <FormField
            label={t.code}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            required
            autoFocus
            error={errors.code}
          />
          <Button type="submit" size="3" loading={verify.isPending}>
            {t.submit}
          </Button>
          <Button type="button" variant="ghost" onClick={onRestart}>
            {t.back}
          </Button>
        </Flex>
      </form>
    </AuthLayout>
  );
}
