import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Flex, Link as RLink, Text } from "@radix-ui/themes";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { AuthLayout } from "../../../components/auth-layout";
import { ErrorCallout } from "../../../components/error-callout";
import { PlanPicker } from "../../../components/plan-picker";
import { SignUpStep, type SignUpStepName } from "../../../components/sign-up-step";
import { useMe } from "../../../lib/api/get-me";
import { signOut } from "../../../lib/session";
import { RegisterAccountStep } from "../components/register-account-step";
import { RegisterCompanyStep } from "../components/register-company-step";
import { VerifyEmailForm } from "../components/verify-email-form";

const t = fr.auth.register;

type Step = "account" | "verify" | "company" | "plan";

const SIGN_UP_STEP: Record<Step, SignUpStepName> = {
  account: "account",
  verify: "account",
  company: "company",
  plan: "plan",
};

/**
 * Registration in 3 steps: account, company (join or create + invites), plan. The server creates a
 * company only for a confirmed e-mail, so step 1 ends with the code mailed at registration.
 */
export function RegisterRoute() {
  const [step, setStep] = useState<Step>("account");
  const [userFetchFailed, setUserFetchFailed] = useState(false);
  const navigate = useNavigate();
  const client = useQueryClient();
  const me = useMe(step === "verify");
  const home = () => navigate("/", { replace: true });
  const section = {
    account: { title: t.account.title, description: t.account.description },
    verify: { title: fr.auth.verify.title, description: fr.auth.verify.description(me.data?.email ?? "") },
    company: { title: t.company.title, description: t.company.description },
    plan: { title: t.plan.title, description: t.plan.description },
  }[step];

  return (
    <AuthLayout
      title={t.title}
      wide={step === "plan"}
      subtitle={
        <>
          <SignUpStep step={SIGN_UP_STEP[step]} /> · {section.title} — {section.description}
        </>
      }
    >
      {step === "account" ? (
        <Flex direction="column" gap="4">
          <RegisterAccountStep onDone={() => setStep("verify")} />
          <Text size="2" align="center" color="gray">
            {t.haveAccount}{" "}
            <RLink asChild>
              <Link to="/login">{t.loginLink}</Link>
            </RLink>
          </Text>
        </Flex>
      ) : step === "verify" ? (
        userFetchFailed ? (
          <Flex direction="column" gap="4">
            <ErrorCallout message={fr.errors.verification.userFetchFailed} />
            <Button
              variant="ghost"
              onClick={() => {
                signOut(client);
                navigate("/login", { replace: true });
              }}
            >
              {fr.auth.verify.backToLogin}
            </Button>
          </Flex>
        ) : (
          <VerifyEmailForm
            onVerified={() => setStep("company")}
            onUserFetchFailed={() => setUserFetchFailed(true)}
          />
        )
      ) : step === "company" ? (
        <RegisterCompanyStep onCreated={() => setStep("plan")} onJoined={home} />
      ) : (
        <Flex direction="column" gap="4">
          <PlanPicker onFree={home} />
          <Button variant="ghost" className="self-center" onClick={home}>
            {fr.companySetup.subscribe.later}
          </Button>
        </Flex>
      )}
    </AuthLayout>
  );
}
