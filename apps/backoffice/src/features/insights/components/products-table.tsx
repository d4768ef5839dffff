import { formatAverage, formatInteger, formatPercent, fr } from "@certavis/i18n-fr";
import { Card, Heading, Table, Text } from "@radix-ui/themes";
import { useState } from "react";
import { ScrollableTable } from "../../../components/scrollable-table";
import type { CompanyInsights } from "../api/get-insights";

const t = fr.insights.products;
type Product = CompanyInsights["products"][number];
type Column = "name" | "reviews" | "average_rating" | "response_rate";

const COLUMNS: { key: Column; label: string }[] = [
  { key: "name", label: t.name },
  { key: "reviews", label: t.reviews },
  { key: "average_rating", label: t.average },
  { key: "response_rate", label: t.responseRate },
];

function compare(a: Product, b: Product, column: Column): number {
  if (column === "name") return a.name.localeCompare(b.name, "fr");
  // A product without a figure sorts after every figure.
  return (a[column] ?? Number.NEGATIVE_INFINITY) - (b[column] ?? Number.NEGATIVE_INFINITY);
}

/** The products of the period, sortable by each column (most reviews first). */
export function ProductsTable({ insights }: { insights: CompanyInsights }) {
  const [sort, setSort] = useState<{ column: Column; descending: boolean }>({
    column: "reviews",
    descending: true,
  });
  const rows = [...insights.products].sort((a, b) => compare(a, b, sort.column) * (sort.descending ? -1 : 1));
  const toggle = (column: Column) =>
    setSort((current) =>
      current.column === column
        ? { column, descending: !current.descending }
        : { column, descending: column !== "name" },
    );
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="3">
        {t.title}
      </Heading>
      {rows.length === 0 ? (
        <Text color="gray">{t.empty}</Text>
      ) : (
        <div className="overflow-x-auto">
          <ScrollableTable size="2" label={t.title}>
            <Table.Header>
              <Table.Row>
                {COLUMNS.map((column) => (
                  <Table.ColumnHeaderCell
                    key={column.key}
                    aria-sort={
                      sort.column === column.key ? (sort.descending ? "descending" : "ascending") : undefined
                    }
                  >
                    <button
                      type="button"
                      className="cursor-pointer font-semibold"
                      onClick={() => toggle(column.key)}
                    >
                      {column.label}
                      {sort.column === column.key ? (sort.descending ? " ↓" : " ↑") : ""}
                    </button>
                  </Table.ColumnHeaderCell>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((product) => (
                <Table.Row key={product.id}>
                  <Table.RowHeaderCell>{product.name}</Table.RowHeaderCell>
                  <Table.Cell>{formatInteger(product.reviews)}</Table.Cell>
                  <Table.Cell>{formatAverage(product.average_rating)}</Table.Cell>
                  <Table.Cell>
                    {formatPercent(product.response_rate === null ? null : product.response_rate * 100)}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </ScrollableTable>
        </div>
      )}
    </Card>
  );
}
