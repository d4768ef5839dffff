import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Flex, Text } from "@radix-ui/themes";
import { useEffect, useId, useRef, useState } from "react";

const t = fr.editor.imageInput;

/** The image of an editor: a URL already saved, a file just chosen, or none. */
export type ImageValue = string | File | null;

export interface ImageInputProps {
  /** Visible label (names the file input). */
  label: string;
  value: ImageValue;
  /** A chosen image file, or null when removed. */
  onChange: (value: ImageValue) => void;
  /** A server error to show under the input. */
  error?: string;
}

const isImage = (file: File) => file.type.startsWith("image/");

/** Image picker: images only (accept image/* and checked), a preview, and 'Retirer l'image'. */
export function ImageInput({ label, value, onChange, error }: ImageInputProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [rejected, setRejected] = useState(false);
  const preview = usePreviewUrl(value);
  const shown = rejected ? t.notAnImage : error;

  return (
    <div className="flex flex-col gap-2">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <Flex gap="3" align="center" wrap="wrap">
        <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-md border border-[var(--gray-6)] bg-[var(--gray-2)]">
          {preview ? (
            <img src={preview} alt={t.previewAlt} className="size-full object-cover" />
          ) : (
            <Text size="1" color="gray" className="px-1 text-center">
              {t.empty}
            </Text>
          )}
        </div>
        <Flex gap="2" wrap="wrap">
          <input
            id={id}
            ref={input}
            type="file"
            accept="image/*"
            className="sr-only"
            // The visible button opens it: one tab stop.
            tabIndex={-1}
            aria-invalid={shown ? true : undefined}
            aria-describedby={shown ? `${id}-error` : undefined}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = "";
              if (!file) return;
              if (!isImage(file)) {
                setRejected(true);
                return;
              }
              setRejected(false);
              onChange(file);
            }}
          />
          <Button type="button" variant="outline" onClick={() => input.current?.click()}>
            {value ? t.replace : t.choose}
          </Button>
          {value ? (
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                setRejected(false);
                onChange(null);
              }}
            >
              {t.remove}
            </Button>
          ) : null}
        </Flex>
      </Flex>
      {shown ? (
        <Text id={`${id}-error`} size="1" color="red" role="alert">
          {shown}
        </Text>
      ) : null}
    </div>
  );
}

function usePreviewUrl(value: ImageValue): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!(value instanceof File)) {
      setObjectUrl(null);
      return;
    }
    const url = URL.createObjectURL(value);
    setObjectUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);
  return typeof value === "string" ? value : objectUrl;
}
