import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Flex, Link as RLink, Text } from "@radix-ui/themes";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { AuthLayout } from "../../../components/auth-layout";
import { PlanPicker } from "../../../components/plan-picker";
import { RegisterAccountStep } from "../components/register-account-step";
import { RegisterCompanyStep } from "../components/register-company-step";

const t = fr.auth.register;

/** Registration in 3 steps: account, company (join or create + invites), plan. */
export function RegisterRoute() {
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const navigate = useNavigate();
  const home = () => navigate("/", { replace: true });
  const section = step === 1 ? t.account : step === 2 ? t.company : t.plan;

  return (
    <AuthLayout
      title={t.title}
      wide={step === 3}
      subtitle={
        <>
          <Text as="span" weight="medium" color="jade">
            {t.step(step, 3)}
          </Text>{" "}
          · {section.title} — {section.description}
        </>
      }
    >
      {step === 1 ? (
        <Flex direction="column" gap="4">
          <RegisterAccountStep onDone={() => setStep(2)} />
          <Text size="2" align="center" color="gray">
            {t.haveAccount}{" "}
            <RLink asChild>
              <Link to="/login">{t.loginLink}</Link>
            </RLink>
          </Text>
        </Flex>
      ) : step === 2 ? (
        <RegisterCompanyStep onCreated={() => setStep(3)} onJoined={home} />
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
