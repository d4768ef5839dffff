import { fr } from "@certavis/i18n-fr";
import { Table } from "@radix-ui/themes";
import { ScrollableTable } from "../../../components/scrollable-table";

/** The numbers behind a chart, as a table under 'Voir les données' (the chart's text alternative). */
export function ChartData({ caption, head, rows }: { caption: string; head: string[]; rows: string[][] }) {
  return (
    <details className="mt-3">
      <summary className="cursor-pointer text-[var(--accent-11)]">{fr.insights.charts.showData}</summary>
      <ScrollableTable size="1" mt="2" label={caption}>
        <caption className="sr-only">{caption}</caption>
        <Table.Header>
          <Table.Row>
            {head.map((cell) => (
              <Table.ColumnHeaderCell key={cell}>{cell}</Table.ColumnHeaderCell>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.join("|")}>
              {row.map((cell, i) => (
                <Table.Cell key={head[i]}>{cell}</Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </ScrollableTable>
    </details>
  );
}
