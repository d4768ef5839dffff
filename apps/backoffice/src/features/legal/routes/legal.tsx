import { Container } from "@radix-ui/themes";
import { ComingSoon } from "../../../components/coming-soon";
import { pending } from "../../../lib/strings-pending";

// Linked from the public form's footer; the content is not part of the spec.
export function CguRoute() {
  return (
    <Container size="2" p="6" asChild>
      <main>
        <ComingSoon title={pending.legalTerms} />
      </main>
    </Container>
  );
}

export function PrivacyRoute() {
  return (
    <Container size="2" p="6" asChild>
      <main>
        <ComingSoon title={pending.legalPrivacy} />
      </main>
    </Container>
  );
}
