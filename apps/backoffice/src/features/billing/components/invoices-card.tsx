import { formatDate, formatPrice, fr, planName } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Flex, Link, Table, Text } from "@radix-ui/themes";
import { InlineLoadError } from "../../../components/inline-load-error";
import { ScrollableTable } from "../../../components/scrollable-table";
import { SettingsSection } from "../../../components/settings-section";
import { toastError } from "../../../lib/toast/error-toast";
import { downloadInvoicePdf } from "../api/download-invoice-pdf";
import { useInvoices } from "../api/get-invoices";

const t = fr.settings.subscription.invoices;

/** Invoices (admin, accoutant, owner): number, amount HT then TTC (a B2B product), period, the PDF and the provider's page. */
export function InvoicesCard() {
  const invoices = useInvoices();
  return (
    <SettingsSection id="invoices-title" title={t.title}>
      {invoices.isPending ? (
        <Text color="gray">{fr.common.loading}</Text>
      ) : invoices.isError ? (
        <InlineLoadError
          error={null}
          fallback={fr.errors.subscription.invoicesLoadFailed}
          onRetry={() => void invoices.refetch()}
        />
      ) : invoices.data.length === 0 ? (
        <Text size="2" color="gray">
          {t.empty}
        </Text>
      ) : (
        <ScrollableTable label={t.table}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t.number}</Table.ColumnHeaderCell>
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
                <Table.Cell>{invoice.number}</Table.Cell>
                <Table.Cell>{formatDate(invoice.period_start)}</Table.Cell>
                <Table.Cell>{planName(invoice.subscription_type)}</Table.Cell>
                <Table.Cell>
                  {t.periodRange(formatDate(invoice.period_start), formatDate(invoice.period_end))}
                </Table.Cell>
                <Table.Cell>
                  {t.amountHt(formatPrice(invoice.amount_ht, invoice.currency))}
                  <Text as="div" size="1" color="gray">
                    {t.amountTtc(formatPrice(invoice.amount, invoice.currency))}
                  </Text>
                </Table.Cell>
                <Table.Cell>
                  <Flex gap="3" align="center">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={t.pdfOf(invoice.number)}
                      onClick={() =>
                        void downloadInvoicePdf(invoice.id, invoice.number).catch((error: unknown) =>
                          toastError(error, t.pdfFailed),
                        )
                      }
                    >
                      {t.pdf}
                    </Button>
                    {invoice.invoice_url ? (
                      <Link href={invoice.invoice_url} target="_blank" rel="noopener noreferrer">
                        {t.download}
                      </Link>
                    ) : null}
                  </Flex>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </ScrollableTable>
      )}
    </SettingsSection>
  );
}
