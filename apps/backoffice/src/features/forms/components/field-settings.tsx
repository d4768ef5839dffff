import {
  addOption,
  canRemoveOption,
  type FieldType,
  type FormField,
  isChoiceType,
  MAX_FIELD_SIZE_MB,
  RATING_TYPES,
  type RatingType,
  ratingMaxOf,
  removeOption,
  renameOption,
  sanitizeMaxCount,
  sanitizeMaxSizeMb,
} from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Card, Checkbox, Flex, Grid, IconButton, Select, Text, TextField } from "@radix-ui/themes";
import { useId } from "react";
import type { UseFormRegister } from "react-hook-form";
import type { BuilderValues } from "../lib/builder-values";
import { FieldTypeIcon } from "./field-type-icon";
import { NumberSetting } from "./number-setting";

const t = fr.forms;
const s = fr.forms.editor.field;

/** One field of the builder: label, required, its type's settings, move up/down and remove. */
export function FieldSettings({
  field,
  index,
  count,
  register,
  onChange,
  onMove,
  onRemove,
  onTitle,
}: {
  field: FormField;
  index: number;
  count: number;
  register: UseFormRegister<BuilderValues>;
  onChange: (next: FormField) => void;
  onMove: (direction: "up" | "down") => void;
  onRemove: () => void;
  /** Marks this text field as the review's title (or not). */
  onTitle: (on: boolean) => void;
}) {
  const id = useId();
  const patch = (changes: Partial<FormField>) => onChange({ ...field, ...changes });
  const name = field.label || t.fieldTypes[field.type];
  return (
    <Card>
      <Flex direction="column" gap="3" p="1" role="group" aria-labelledby={`${id}-title`}>
        <Flex justify="between" align="center" gap="2" wrap="wrap">
          <Flex align="center" gap="2">
            <FieldTypeIcon type={field.type as FieldType} />
            <Text id={`${id}-title`} weight="medium">
              {name}
            </Text>
            <Text size="1" color="gray">
              {t.editor.fieldPosition(field.position + 1, count)}
            </Text>
          </Flex>
          <Flex gap="1">
            <IconButton
              type="button"
              variant="soft"
              color="gray"
              aria-label={`${s.moveUp} « ${name} »`}
              disabled={field.position === 0}
              onClick={() => onMove("up")}
            >
              <span aria-hidden="true">↑</span>
            </IconButton>
            <IconButton
              type="button"
              variant="soft"
              color="gray"
              aria-label={`${s.moveDown} « ${name} »`}
              disabled={field.position >= count - 1}
              onClick={() => onMove("down")}
            >
              <span aria-hidden="true">↓</span>
            </IconButton>
            <IconButton
              type="button"
              variant="soft"
              color="red"
              aria-label={`${s.remove} « ${name} »`}
              onClick={onRemove}
            >
              <span aria-hidden="true">✕</span>
            </IconButton>
          </Flex>
        </Flex>
        <Grid columns={{ initial: "1", sm: "2" }} gap="3" align="end">
          <div className="flex flex-col gap-1">
            <Text as="label" htmlFor={`${id}-label`} size="2">
              {s.label}
            </Text>
            <TextField.Root id={`${id}-label`} {...register(`fields.${index}.label`)} />
          </div>
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Checkbox
                checked={field.required}
                onCheckedChange={(checked) => patch({ required: checked === true })}
              />
              {s.required}
            </Flex>
          </Text>
          {field.type === "text" ? (
            <div className="flex flex-col gap-1">
              <Text as="label" size="2">
                <Flex gap="2" align="center">
                  <Checkbox
                    checked={field.review_title === true}
                    onCheckedChange={(checked) => onTitle(checked === true)}
                    aria-describedby={`${id}-title-help`}
                  />
                  {s.reviewTitle}
                </Flex>
              </Text>
              <Text id={`${id}-title-help`} size="1" color="gray">
                {s.reviewTitleHelp}
              </Text>
            </div>
          ) : null}
        </Grid>
        <TypeSettings field={field} patch={patch} />
      </Flex>
    </Card>
  );
}

function TypeSettings({ field, patch }: { field: FormField; patch: (changes: Partial<FormField>) => void }) {
  if (isChoiceType(field.type)) return <OptionsSettings field={field} patch={patch} />;
  switch (field.type) {
    case "text":
    case "email":
    case "textarea":
      return (
        <Grid columns="2" gap="3">
          <NumberSetting
            label={s.minLength}
            min={0}
            value={field.min_length}
            onValue={(v) => patch({ min_length: v })}
          />
          <NumberSetting
            label={s.maxLength}
            min={0}
            value={field.max_length}
            onValue={(v) => patch({ max_length: v })}
          />
        </Grid>
      );
    case "number":
      return (
        <Grid columns="2" gap="3">
          <NumberSetting label={s.min} value={field.min} onValue={(v) => patch({ min: v })} />
          <NumberSetting label={s.max} value={field.max} onValue={(v) => patch({ max: v })} />
        </Grid>
      );
    case "rating":
      return <RatingSettings field={field} patch={patch} />;
    case "file":
      return (
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <TextSetting
            label={s.accept}
            value={field.accept ?? ""}
            onValue={(v) => patch({ accept: v || null })}
          />
          <CheckSetting
            label={s.multiple}
            checked={field.multiple === true}
            onChecked={(v) => patch({ multiple: v })}
          />
          <SizeAndCount field={field} patch={patch} />
        </Grid>
      );
    case "media":
      return (
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <CheckSetting
            label={s.allowImages}
            checked={field.allow_images !== false}
            onChecked={(v) => patch({ allow_images: v })}
          />
          <CheckSetting
            label={s.allowVideos}
            checked={field.allow_videos === true}
            onChecked={(v) => patch({ allow_videos: v })}
          />
          <SizeAndCount field={field} patch={patch} />
        </Grid>
      );
    default:
      return null;
  }
}

/** Spec §5: size and count at least 1 (invalid → 1); size at most 50 MB. */
function SizeAndCount({ field, patch }: { field: FormField; patch: (changes: Partial<FormField>) => void }) {
  return (
    <>
      <NumberSetting
        label={s.maxSizeMb}
        min={1}
        max={MAX_FIELD_SIZE_MB}
        value={field.max_size_mb}
        onValue={(v) => patch({ max_size_mb: sanitizeMaxSizeMb(v) })}
      />
      <NumberSetting
        label={s.maxCount}
        min={1}
        step={1}
        value={field.max_count}
        onValue={(v) => patch({ max_count: sanitizeMaxCount(v) })}
      />
    </>
  );
}

function RatingSettings({
  field,
  patch,
}: {
  field: FormField;
  patch: (changes: Partial<FormField>) => void;
}) {
  const id = useId();
  return (
    <Grid columns="2" gap="3">
      <NumberSetting
        label={s.ratingMax}
        min={1}
        max={10}
        step={1}
        value={ratingMaxOf(field)}
        onValue={(v) => patch({ rating_max: v === null ? 5 : Math.min(10, Math.max(1, Math.round(v))) })}
      />
      <div className="flex flex-col gap-1">
        <Text as="label" size="2" id={`${id}-type`}>
          {s.ratingType}
        </Text>
        <Select.Root
          value={field.rating_type ?? "star"}
          onValueChange={(value) => patch({ rating_type: value as RatingType })}
        >
          <Select.Trigger aria-labelledby={`${id}-type`} />
          <Select.Content>
            {RATING_TYPES.map((type) => (
              <Select.Item key={type} value={type}>
                {t.ratingTypes[type]}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </div>
      {(field.rating_type ?? "star") === "star" ? (
        <CheckSetting
          label={s.ratingHalfSteps}
          checked={field.rating_half_steps === true}
          onChecked={(v) => patch({ rating_half_steps: v })}
        />
      ) : null}
    </Grid>
  );
}

/** Choices: select and checkbox keep at least 2 (remove disabled at 2), a dropdown may reach 0. */
function OptionsSettings({
  field,
  patch,
}: {
  field: FormField;
  patch: (changes: Partial<FormField>) => void;
}) {
  const options = field.options ?? [];
  const removable = canRemoveOption(field);
  const label = field.label || t.fieldTypes[field.type];
  return (
    <fieldset className="m-0 flex flex-col gap-2 border-0 p-0">
      <legend className="mb-1 text-sm">{s.options}</legend>
      {options.map((option, index) => (
        <Flex key={index} gap="2" align="center">
          <TextField.Root
            className="flex-1"
            aria-label={`${s.option(index + 1)} — ${label}`}
            value={option}
            onChange={(event) => patch({ options: renameOption(field, index, event.target.value).options })}
          />
          <IconButton
            type="button"
            variant="soft"
            color="gray"
            aria-label={`${s.removeOption} ${index + 1} — ${label}`}
            disabled={!removable}
            onClick={() => patch({ options: removeOption(field, index).options })}
          >
            <span aria-hidden="true">✕</span>
          </IconButton>
        </Flex>
      ))}
      <div>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          onClick={() => patch({ options: addOption(field).options })}
        >
          {s.addOption}
        </Button>
      </div>
    </fieldset>
  );
}

function TextSetting({
  label,
  value,
  onValue,
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <Text as="label" htmlFor={id} size="2">
        {label}
      </Text>
      <TextField.Root id={id} value={value} onChange={(event) => onValue(event.target.value)} />
    </div>
  );
}

function CheckSetting({
  label,
  checked,
  onChecked,
}: {
  label: string;
  checked: boolean;
  onChecked: (v: boolean) => void;
}) {
  return (
    <Text as="label" size="2">
      <Flex gap="2" align="center">
        <Checkbox checked={checked} onCheckedChange={(value) => onChecked(value === true)} />
        {label}
      </Flex>
    </Text>
  );
}
