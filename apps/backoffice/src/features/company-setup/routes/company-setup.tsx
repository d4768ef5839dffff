import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Container, Flex, Grid, Heading, SegmentedControl, Text } from "@radix-ui/themes";
import { useState } from "react";
import { useNavigate } from "react-router";
import { PlanPicker } from "../../../components/plan-picker";
import { SignUpStep } from "../../../components/sign-up-step";
import { useMe } from "../../../lib/api/get-me";
import { CreateCompanyCard } from "../components/create-company-card";
import { JoinCompanyCard } from "../components/join-company-card";
import { ProfileMenu } from "../components/profile-menu";
import { ReceivedInvitations } from "../components/received-invitations";
import { WaitingRequests } from "../components/waiting-requests";

const t = fr.companySetup;
type Step = "select" | "waiting" | "subscribe";

/** Company setup: select (invitations, create or join) → waiting after a request, → subscribe after creation. */
export function CompanySetupRoute() {
  const me = useMe();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(() => (me.data?.company_request ? "waiting" : "select"));
  const [mode, setMode] = useState<"create" | "join">("create");
  const home = () => navigate("/", { replace: true });

  return (
    <main className="min-h-screen bg-[var(--gray-2)] px-4 py-16">
      <title>{`${t.title} · Certavis`}</title>
      <ProfileMenu />
      <Container size={step === "subscribe" ? "4" : "2"}>
        <Flex direction="column" gap="5">
          <div>
            <Heading as="h1" size="7">
              {step === "subscribe" ? t.subscribe.title : t.title}
            </Heading>
            <Text as="p" color="gray" mt="1">
              {/* Sign-up's counter, on from the account step of /register or /verify-email. */}
              <SignUpStep step={step === "subscribe" ? "plan" : "company"} /> ·{" "}
              <span>{step === "subscribe" ? t.subscribe.description : t.subtitle}</span>
            </Text>
          </div>

          {step === "select" ? (
            <>
              <ReceivedInvitations onAccepted={home} />
              <SegmentedControl.Root
                value={mode}
                onValueChange={(v) => setMode(v as "create" | "join")}
                size="3"
              >
                <SegmentedControl.Item value="create">{t.create.title}</SegmentedControl.Item>
                <SegmentedControl.Item value="join">{t.join.title}</SegmentedControl.Item>
              </SegmentedControl.Root>
              {mode === "create" ? (
                <CreateCompanyCard onCreated={() => setStep("subscribe")} />
              ) : (
                <JoinCompanyCard onRequested={() => setStep("waiting")} />
              )}
            </>
          ) : step === "waiting" ? (
            <WaitingRequests onNoneLeft={() => setStep("select")} />
          ) : (
            <Grid gap="4">
              <PlanPicker onFree={home} />
              <Button variant="ghost" className="justify-self-center" onClick={home}>
                {t.subscribe.later}
              </Button>
            </Grid>
          )}
        </Flex>
      </Container>
    </main>
  );
}
