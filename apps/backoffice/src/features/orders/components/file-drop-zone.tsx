import { orderImport as frOrderImport } from "@certavis/i18n-fr/messages/order-import";
import { Button } from "@certavis/ui";
import { Flex, Text } from "@radix-ui/themes";
import { type DragEvent, useId, useRef, useState } from "react";

const t = frOrderImport;

/** Drop a CSV here or choose it; the input is a real file input (keyboard and tests use it). */
export function FileDropZone({ onFile, disabled }: { onFile: (file: File) => void; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const inputId = useId();
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a mouse shortcut; the button below does the same from the keyboard
    <div
      data-testid="csv-drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={`rounded-lg border-2 border-dashed p-8 text-center ${over ? "border-[var(--accent-9)] bg-[var(--accent-2)]" : "border-[var(--gray-7)]"}`}
    >
      <Flex direction="column" align="center" gap="2">
        <Text weight="medium">{t.dropZone}</Text>
        <Text color="gray" size="2">
          {t.or}
        </Text>
        <label htmlFor={inputId} className="sr-only">
          {t.fileInputLabel}
        </label>
        <input
          id={inputId}
          ref={input}
          type="file"
          accept=".csv,text/csv,application/vnd.ms-excel,text/plain"
          className="sr-only"
          tabIndex={-1}
          disabled={disabled}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) onFile(file);
            event.currentTarget.value = "";
          }}
        />
        <Button variant="outline" disabled={disabled} onClick={() => input.current?.click()}>
          {t.chooseFile}
        </Button>
      </Flex>
    </div>
  );
}
