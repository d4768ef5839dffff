import { formatDate, fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Flex, Table, Text } from "@radix-ui/themes";
import { useState } from "react";
import { InlineLoadError } from "../../../components/inline-load-error";
import { ScrollableTable } from "../../../components/scrollable-table";
import { SearchField } from "../../../components/search-field";
import { SettingsSection } from "../../../components/settings-section";
import { useDebouncedValue } from "../../../lib/hooks/use-debounced-value";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";
import { useDeleteSuppression } from "../api/delete-suppression";
import { SUPPRESSIONS_PAGE, useSuppressions } from "../api/get-suppressions";

const t = fr.settings.privacy.suppressions;

/** Addresses never e-mailed again; only a bounce may be removed (a buyer who left is never re-subscribed). */
export function SuppressionsCard() {
  const [search, setSearch] = useState("");
  const [offset, setOffset] = useState(0);
  const debounced = useDebouncedValue(search.trim(), 300);
  const list = useSuppressions({ search: debounced, offset });
  const remove = useDeleteSuppression();

  return (
    <SettingsSection id="suppressions-title" title={t.title}>
      <Text as="p" size="2" color="gray" mb="3">
        {t.description}
      </Text>
      <Flex mb="3">
        <SearchField
          placeholder={t.search}
          value={search}
          onChange={(value) => {
            setSearch(value);
            setOffset(0);
          }}
        />
      </Flex>
      {list.isPending ? (
        <Text color="gray">{fr.common.loading}</Text>
      ) : list.isError ? (
        <InlineLoadError error={null} fallback={t.loadFailed} onRetry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <Text size="2" color="gray">
          {t.empty}
        </Text>
      ) : (
        <>
          <ScrollableTable label={t.table}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>{t.email}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t.reason}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t.date}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>
                  <span className="sr-only">{t.remove}</span>
                </Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.data.results.map((row) => (
                <Table.Row key={row.id}>
                  <Table.Cell>{row.email ?? t.erased}</Table.Cell>
                  <Table.Cell>{t.reasons[row.reason]}</Table.Cell>
                  <Table.Cell>{formatDate(row.created_at)}</Table.Cell>
                  <Table.Cell>
                    {row.reason === "bounce" && row.email ? (
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={t.removeLabel(row.email)}
                        loading={remove.isPending && remove.variables === row.id}
                        onClick={() =>
                          remove.mutate(row.id, {
                            onSuccess: () => toast({ title: t.removed, variant: "success" }),
                            onError: (error) => toastError(error, t.removeFailed),
                          })
                        }
                      >
                        {t.remove}
                      </Button>
                    ) : null}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </ScrollableTable>
          {list.data.count > SUPPRESSIONS_PAGE ? (
            <Flex align="center" justify="end" gap="3" mt="3">
              <Text size="2" color="gray">
                {t.page(offset + 1, offset + list.data.results.length, list.data.count)}
              </Text>
              <Button
                variant="outline"
                size="sm"
                disabled={!list.data.previous}
                onClick={() => setOffset(Math.max(0, offset - SUPPRESSIONS_PAGE))}
              >
                {fr.common.previous}
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={!list.data.next}
                onClick={() => setOffset(offset + SUPPRESSIONS_PAGE)}
              >
                {fr.common.next}
              </Button>
            </Flex>
          ) : null}
        </>
      )}
    </SettingsSection>
  );
}
