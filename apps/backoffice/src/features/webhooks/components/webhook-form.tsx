import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Checkbox, Flex, Text } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { ErrorCallout } from "../../../components/error-callout";
import { FormField } from "../../../components/form-field";
import { type FieldErrors, showSaveError } from "../../../lib/field-errors";
import { useCreateWebhook, type WebhookEndpointCreate } from "../api/create-webhook";

const t = fr.webhooks;

/** Adds an endpoint (URL, events, description); what was typed is kept when the server refuses it. */
export function WebhookForm({
  onCreated,
  onCancel,
}: {
  onCreated: (secret: string) => void;
  onCancel: () => void;
}) {
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>(["review.published"]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateWebhook();

  function toggle(event: WebhookEventType, on: boolean) {
    setEvents((current) => (on ? [...current, event] : current.filter((e) => e !== event)));
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (events.length === 0) {
      setErrors({ events: t.eventsRequired });
      return;
    }
    setErrors({});
    const body: WebhookEndpointCreate = {
      url: url.trim(),
      events,
      ...(description.trim() ? { description } : {}),
    };
    create.mutate(body, {
      onSuccess: (created) => onCreated(created.secret ?? ""),
      onError: (error) => showSaveError(error, setErrors, t.createFailed),
    });
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="webhook-form-title"
      className="mb-4 flex flex-col gap-3"
    >
      <Text as="p" weight="bold" id="webhook-form-title">
        {t.addTitle}
      </Text>
      <ErrorCallout message={errors._general} />
      <FormField
        label={t.url}
        hint={t.urlHint}
        type="url"
        inputMode="url"
        placeholder="https://"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={errors.url}
        required
      />
      <FormField
        label={t.descriptionField}
        value={description}
        maxLength={200}
        onChange={(e) => setDescription(e.target.value)}
        error={errors.description}
      />
      <fieldset
        className="m-0 border-0 p-0"
        aria-describedby={errors.events ? "webhook-events-error" : undefined}
      >
        <legend className="mb-1 font-medium text-sm">{t.events}</legend>
        <Flex direction="column" gap="1">
          {WEBHOOK_EVENT_TYPES.map((event) => (
            <Text as="label" size="2" key={event}>
              <Flex gap="2" align="center">
                <Checkbox
                  checked={events.includes(event)}
                  onCheckedChange={(on) => toggle(event, on === true)}
                />
                {t.eventLabels[event]} <code className="text-[var(--gray-11)] text-xs">{event}</code>
              </Flex>
            </Text>
          ))}
        </Flex>
        {errors.events ? (
          <Text id="webhook-events-error" size="1" color="red" role="alert">
            {errors.events}
          </Text>
        ) : null}
      </fieldset>
      <Flex gap="2">
        <Button type="submit" loading={create.isPending}>
          {t.create}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={create.isPending}>
          {t.cancel}
        </Button>
      </Flex>
    </form>
  );
}
