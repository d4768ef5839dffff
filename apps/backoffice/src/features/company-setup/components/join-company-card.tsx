import { errorMessage } from "@certavis/api-client";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Card, Flex, Heading, Spinner, Text, TextField } from "@radix-ui/themes";
import { useId, useState } from "react";
import { ErrorCallout } from "../../../components/error-callout";
import { SearchIcon } from "../../../components/icons";
import { useDebouncedValue } from "../../../lib/hooks/use-debounced-value";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";
import { useSendJoinRequest } from "../api/join-requests";
import { SEARCH_MIN_CHARS, useCompanySearch } from "../api/search-companies";

const t = fr.companySetup.join;
const DEBOUNCE_MS = 300;

/** Search (≥ 2 characters, 300 ms debounce, ≤ 5 results) and 'Demander à rejoindre'. */
export function JoinCompanyCard({ onRequested }: { onRequested: () => void }) {
  const [text, setText] = useState("");
  const search = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const results = useCompanySearch(search);
  const request = useSendJoinRequest();
  const inputId = useId();
  const enough = search.length >= SEARCH_MIN_CHARS;

  return (
    <Card size="3">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4">
          {t.title}
        </Heading>
        <Text size="2" color="gray">
          {t.description}
        </Text>
        <label htmlFor={inputId} className="sr-only">
          {t.searchPlaceholder}
        </label>
        <TextField.Root
          id={inputId}
          size="3"
          type="search"
          placeholder={t.searchPlaceholder}
          value={text}
          onChange={(e) => setText(e.target.value)}
        >
          <TextField.Slot>{results.isFetching ? <Spinner /> : <SearchIcon />}</TextField.Slot>
        </TextField.Root>
        <div aria-live="polite">
          {!enough ? (
            <Text size="2" color="gray">
              {t.minChars}
            </Text>
          ) : results.isError ? (
            <ErrorCallout size="1" message={errorMessage(results.error, t.searchFailed)}>
              <Button
                variant="outline"
                size="sm"
                className="self-start"
                disabled={results.isFetching}
                onClick={() => void results.refetch()}
              >
                {fr.common.retry}
              </Button>
            </ErrorCallout>
          ) : results.data && results.data.length === 0 ? (
            <Text size="2" color="gray">
              {t.noResults}
            </Text>
          ) : (
            <ul className="m-0 flex list-none flex-col gap-2 p-0">
              {(results.data ?? []).map((company) => (
                <li key={company.id}>
                  <Flex
                    justify="between"
                    align="center"
                    gap="3"
                    className="rounded-lg border border-[var(--gray-5)] p-3"
                  >
                    <Text weight="medium">{company.name}</Text>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={request.isPending}
                      onClick={() =>
                        request.mutate(company.id, {
                          onSuccess: () => {
                            toast({ title: t.requestSent, variant: "success" });
                            onRequested();
                          },
                          onError: (e) => toastError(e, fr.errors.team.sendRequestFailed),
                        })
                      }
                    >
                      {t.requestJoin}
                    </Button>
                  </Flex>
                </li>
              ))}
            </ul>
          )}
        </div>
      </Flex>
    </Card>
  );
}
