import { errorMessage } from "@certavis/api-client";
import { fr } from "@certavis/i18n-fr";
import { Button, Flex, Link as RLink, Text } from "@radix-ui/themes";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, type Location, useLocation, useNavigate } from "react-router";
import { AuthLayout } from "../../../components/auth-layout";
import { ErrorCallout } from "../../../components/error-callout";
import { FormField } from "../../../components/form-field";
import { meQueryOptions, type User } from "../../../lib/api/get-me";
import { apiFieldErrors, type FieldErrors } from "../../../lib/field-errors";
import { toast } from "../../../lib/toast/toast-store";
import { type SecondFactorChallenge, useLogin } from "../api/login";
import { SecondFactorForm } from "../components/second-factor-form";
import { readLoginForm } from "../lib/login-form";

const t = fr.auth.login;
const f = fr.auth.fields;

function originOf(state: unknown): string {
  const from = (state as { from?: Location } | null)?.from;
  if (!from || from.pathname === "/login") return "/";
  return `${from.pathname}${from.search}${from.hash}`;
}

/**
 * Spec §4: /company-setup without a company, else where the user came from (or /). An unconfirmed
 * e-mail goes to /verify-email, keeping the code of a mail link that led here.
 */
function destinationAfterLogin(me: User, origin: string): string {
  if (!me.email_confirmed) return origin.startsWith("/verify-email") ? origin : "/verify-email";
  if (!me.company) return "/company-setup";
  return origin;
}

export function LoginRoute() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const login = useLogin();
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { values, errors: invalid } = readLoginForm(new FormData(event.currentTarget));
    if (Object.keys(invalid).length > 0) {
      setErrors(invalid);
      return;
    }
    setErrors({});
    try {
      const secondFactor = await login.mutateAsync(values);
      if (secondFactor) {
        setChallenge(secondFactor);
        return;
      }
    } catch (error) {
      const fields = apiFieldErrors(error);
      if (fields.email || fields.password) {
        setErrors(fields);
        return;
      }
      toast({
        title: fr.errors.login.failed,
        description: errorMessage(error, fr.errors.login.invalidCredentials),
        variant: "error",
      });
      return;
    }
    await signedIn(false);
  }

  async function signedIn(operator: boolean) {
    toast({ title: t.success, variant: "success" });
    client.removeQueries();
    if (operator) {
      // Only Certavis operators give a second factor: their home is the console.
      navigate("/operators", { replace: true });
      return;
    }
    try {
      const me = await client.fetchQuery(meQueryOptions());
      navigate(destinationAfterLogin(me, originOf(location.state)), { replace: true });
    } catch {
      navigate("/login", { replace: true });
    }
  }

  if (challenge) {
    return (
      <SecondFactorForm
        challenge={challenge}
        onDone={() => void signedIn(true)}
        onRestart={() => setChallenge(null)}
      />
    );
  }

  return (
    <AuthLayout title={t.title} subtitle={t.subtitle}>
      <form noValidate onSubmit={onSubmit}>
        <Flex direction="column" gap="4">
          <ErrorCallout message={errors._general} />
          <FormField
            label={f.email}
            name="email"
            type="email"
            placeholder={fr.auth.fields.emailPlaceholder}
            autoComplete="email"
            required
            error={errors.email}
          />
          <FormField
            label={f.password}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            error={errors.password}
          />
          <Flex justify="end">
            <RLink asChild size="2">
              <Link to="/forgot-password">{t.forgotPassword}</Link>
            </RLink>
          </Flex>
          <Button type="submit" size="3" loading={login.isPending}>
            {t.submit}
          </Button>
          <Text size="2" align="center" color="gray">
            {t.noAccount}{" "}
            <RLink asChild>
              <Link to="/register">{t.registerLink}</Link>
            </RLink>
          </Text>
        </Flex>
      </form>
    </AuthLayout>
  );
}
