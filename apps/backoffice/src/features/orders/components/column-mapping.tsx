import { ORDER_CSV_COLUMNS, type OrderCsvColumn, type OrderCsvMapping } from "@certavis/domain";
import { orderImport as frOrderImport } from "@certavis/i18n-fr/messages/order-import";
import { Flex, Heading, Text } from "@radix-ui/themes";

const t = frOrderImport;

/** One column and the select of the file's header cells read as it. */
function ColumnSelect({
  column,
  headers,
  mapping,
  onChange,
}: {
  column: OrderCsvColumn;
  headers: readonly string[];
  mapping: OrderCsvMapping;
  onChange: (mapping: OrderCsvMapping) => void;
}) {
  const id = `column-mapping-${column}`;
  return (
    <Flex direction={{ initial: "column", sm: "row" }} gap="2" align={{ sm: "center" }}>
      <Text as="label" htmlFor={id} size="2" weight="medium" className="sm:w-48">
        {t.columns[column]}
      </Text>
      <select
        id={id}
        className="max-w-full rounded border border-gray-300 bg-white px-2 py-1 text-sm"
        value={mapping[column] ?? ""}
        onChange={(event) => {
          const next = { ...mapping };
          if (event.target.value) next[column] = event.target.value;
          else delete next[column];
          onChange(next);
        }}
      >
        <option value="">{t.mappingChoose}</option>
        {headers.map((header, index) => (
          <option key={`${index}-${header}`} value={header}>
            {header}
          </option>
        ))}
      </select>
    </Flex>
  );
}

/**
 * Required columns the header's names did not give, each with a select of the file's header cells,
 * then every other column (the date included) behind 'Associer d'autres colonnes': the chosen cell is
 * read as that column (the import sends the same mapping).
 */
export function ColumnMapping({
  columns,
  headers,
  mapping,
  onChange,
}: {
  columns: readonly OrderCsvColumn[];
  headers: readonly string[];
  mapping: OrderCsvMapping;
  onChange: (mapping: OrderCsvMapping) => void;
}) {
  const others = ORDER_CSV_COLUMNS.filter((column) => !columns.includes(column));
  const select = (column: OrderCsvColumn) => (
    <ColumnSelect key={column} column={column} headers={headers} mapping={mapping} onChange={onChange} />
  );
  return (
    <>
      {columns.length ? (
        <Flex direction="column" gap="3" asChild>
          <fieldset>
            <legend>
              <Heading as="h3" size="3">
                {t.mappingTitle}
              </Heading>
            </legend>
            <Text as="p" color="gray" size="2">
              {t.mappingHelp}
            </Text>
            {columns.map(select)}
          </fieldset>
        </Flex>
      ) : null}
      <details open={others.some((column) => mapping[column] !== undefined) || undefined}>
        <summary className="cursor-pointer text-sm">{t.mappingOthers}</summary>
        <Flex direction="column" gap="3" mt="3">
          <Text as="p" color="gray" size="2">
            {t.mappingOthersHelp}
          </Text>
          {others.map(select)}
        </Flex>
      </details>
    </>
  );
}
