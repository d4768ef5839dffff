import { errorMessage } from "@certavis/api-client";
import { REPLY_MAX_LENGTH } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Flex, Text, TextArea } from "@radix-ui/themes";
import { useId, useState } from "react";
import { toast } from "../../../lib/toast/toast-store";
import { useDeleteReviewReply } from "../api/delete-review-reply";
import { usePutReviewReply } from "../api/put-review-reply";

const t = fr.certification.backoffice;

/** The company's one public reply under an approved review: write, edit, delete. */
export function ReviewReplyEditor({ reviewId, reply }: { reviewId: string; reply: string | null }) {
  const [body, setBody] = useState(reply ?? "");
  const put = usePutReviewReply();
  const remove = useDeleteReviewReply();
  const id = useId();
  const busy = put.isPending || remove.isPending;
  const failed = (error: unknown) =>
    toast({ title: fr.errors.title, description: errorMessage(error, t.replyError), variant: "error" });

  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        put.mutate(
          { id: reviewId, body },
          { onSuccess: () => toast({ title: t.replySaved, variant: "success" }), onError: failed },
        );
      }}
    >
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {t.replyTitle}
      </Text>
      <TextArea
        id={id}
        value={body}
        placeholder={t.replyPlaceholder}
        maxLength={REPLY_MAX_LENGTH}
        onChange={(event) => setBody(event.target.value)}
      />
      <Flex gap="2" justify="end">
        {reply ? (
          <Button
            type="button"
            variant="outline"
            disabled={busy}
            onClick={() =>
              remove.mutate(reviewId, {
                onSuccess: () => {
                  setBody("");
                  toast({ title: t.replyDeleted, variant: "success" });
                },
                onError: failed,
              })
            }
          >
            {t.replyDelete}
          </Button>
        ) : null}
        <Button type="submit" disabled={busy || body.trim() === "" || body === reply}>
          {t.replySave}
        </Button>
      </Flex>
    </form>
  );
}
