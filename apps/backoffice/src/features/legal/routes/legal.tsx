import { fr } from "@certavis/i18n-fr";
import { type LegalPage, legal } from "@certavis/i18n-fr/messages/legal";
import { Card, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { PageHeader } from "../../../components/page-header";

/** A legal page: its title, who it is for, its sections (h2) and the date of its last change. */
function LegalText({ page }: { page: LegalPage }) {
  return (
    <Container size="2" p={{ initial: "4", sm: "6" }} asChild>
      <main>
        <PageHeader title={page.title} />
        <Card size="3">
          <Flex direction="column" gap="4">
            <Text as="p">{page.intro}</Text>
            {page.sections.map((section) => (
              <section key={section.heading} aria-labelledby={`legal-${slugOf(section.heading)}`}>
                <Heading as="h2" size="4" mb="2" id={`legal-${slugOf(section.heading)}`}>
                  {section.heading}
                </Heading>
                <Flex direction="column" gap="2">
                  {section.paragraphs.map((paragraph) => (
                    <Text as="p" key={paragraph}>
                      {paragraph}
                    </Text>
                  ))}
                </Flex>
              </section>
            ))}
            <Text as="p" size="2" color="gray">
              {page.updated}
            </Text>
          </Flex>
        </Card>
      </main>
    </Container>
  );
}

const slugOf = (heading: string) =>
  heading
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-");

// Linked from every buyer e-mail and from the review form's footer.
export function CguRoute() {
  return <LegalText page={{ ...legal.terms, title: fr.common.legal.terms }} />;
}

export function PrivacyRoute() {
  return <LegalText page={{ ...legal.privacy, title: fr.common.legal.privacy }} />;
}
