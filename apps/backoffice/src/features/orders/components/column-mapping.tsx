import type { OrderCsvColumn, OrderCsvMapping } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Flex, Heading, Text } from "@radix-ui/themes";

const t = fr.orderImport;

/**
 * Required columns the header's names did not give, each with a select of the file's header cells:
 * the chosen cell is read as that column (the import sends the same mapping).
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
  return (
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
        {columns.map((column) => {
          const id = `column-mapping-${column}`;
          return (
            <Flex key={column} direction={{ initial: "column", sm: "row" }} gap="2" align={{ sm: "center" }}>
              <Text as="label" htmlFor={id} size="2" weight="medium" className="sm:w-48">
                {t.columns[column]}
              </Text>
              <select
                id={id}
                className="rounded border border-gray-300 bg-white px-2 py-1 text-sm"
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
        })}
      </fieldset>
    </Flex>
  );
}
