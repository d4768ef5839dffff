import { fr } from "@certavis/i18n-fr";
import { Container } from "@radix-ui/themes";
import { ComingSoon } from "../../../components/coming-soon";

// Linked from the public form's footer; the content is not part of the spec.
export function CguRoute() {
  return (
    <Container size="2" p="6" asChild>
      <main>
        <ComingSoon title={fr.common.legal.terms} />
      </main>
    </Container>
  );
}

export function PrivacyRoute() {
  return (
    <Container size="2" p="6" asChild>
      <main>
        <ComingSoon title={fr.common.legal.privacy} />
      </main>
    </Container>
  );
}
