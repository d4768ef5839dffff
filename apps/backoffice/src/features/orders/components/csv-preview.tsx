import { orderImport as frOrderImport } from "@certavis/i18n-fr/messages/order-import";
import { Badge, Table, Text } from "@radix-ui/themes";
import { ScrollableTable } from "../../../components/scrollable-table";
import type { OrdersFilePreview } from "../lib/orders-file";

const t = frOrderImport;

/** The first lines of the file under the columns the import recognised (ignored ones say so). */
export function CsvPreview({ preview }: { preview: OrdersFilePreview }) {
  return (
    <div className="overflow-x-auto">
      <ScrollableTable variant="surface" size="1" label={t.previewCaption(preview.lines.length)}>
        <caption className="px-3 py-2 text-left">
          <Text size="2" color="gray">
            {t.previewCaption(preview.lines.length)}
          </Text>
        </caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t.lineColumn}</Table.ColumnHeaderCell>
            {preview.headers.map((header, index) => {
              const column = preview.columns[index];
              return (
                <Table.ColumnHeaderCell key={index}>
                  {column ? (
                    <Badge color="green" variant="soft">
                      {frOrderImport.columns[column]}
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="soft">
                      {t.ignoredColumn(header)}
                    </Badge>
                  )}
                </Table.ColumnHeaderCell>
              );
            })}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {preview.lines.map((line) => (
            <Table.Row key={line.line}>
              <Table.RowHeaderCell>{line.line}</Table.RowHeaderCell>
              {preview.headers.map((_, index) => (
                <Table.Cell key={index}>{line.cells[index] ?? ""}</Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </ScrollableTable>
    </div>
  );
}
