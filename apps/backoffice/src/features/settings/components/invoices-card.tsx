import { formatDate, formatPrice, fr, planName } from "@certavis/i18n-fr";
import { Card, Heading, Link, Table, Text } from "@radix-ui/themes";
import { useInvoices } from "../api/get-invoices";
import { LoadError } from "./load-error";

const t = fr.settings.subscription.invoices;

/** Invoices (admin, accoutant, owner): amount, period and link. */
export function InvoicesCard() {
  const invoices = useInvoices();
  return (
    <Card size="3" asChild>
      <section aria-labelledby="invoices-title">
        <Heading as="h2" size="4" id="invoices-title" mb="3">
          {t.title}
        </Heading>
        {invoices.isPending ? (
          <Text color="gray">{fr.common.loading}</Text>
        ) : invoices.isError ? (
          <LoadError
            error={null}
            fallback={fr.errors.subscription.invoicesLoadFailed}
            onRetry={() => void invoices.refetch()}
          />
        ) : invoices.data.length === 0 ? (
          <Text size="2" color="gray">
            {t.empty}
          </Text>
        ) : (
          <Table.Root>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>{t.date}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t.plan}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t.period}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t.amount}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>
                  <span className="sr-only">{t.download}</span>
                </Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {invoices.data.map((invoice) => (
                <Table.Row key={invoice.id}>
                  <Table.Cell>{formatDate(invoice.period_start)}</Table.Cell>
                  <Table.Cell>{planName(invoice.subscription_type)}</Table.Cell>
                  <Table.Cell>
                    {t.periodRange(formatDate(invoice.period_start), formatDate(invoice.period_end))}
                  </Table.Cell>
                  <Table.Cell>{formatPrice(invoice.amount, invoice.currency)}</Table.Cell>
                  <Table.Cell>
                    {invoice.invoice_url ? (
                      <Link href={invoice.invoice_url} target="_blank" rel="noopener noreferrer">
                        {t.download}
                      </Link>
                    ) : null}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </section>
    </Card>
  );
}
