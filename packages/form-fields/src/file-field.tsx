import { useEffect, useMemo, useRef, useState } from "react";
import { controlId, describedBy } from "./field-ids";
import { FieldMessages, hasHelp, RequiredMark } from "./field-messages";
import type { FieldProps } from "./field-props";
import { acceptOf, fileLimitsOf, pickFiles } from "./field-rules";
import { fr } from "./fr";

/** file and media fields: chosen files are checked (size, count, type) and previewed before sending. */
export function FileField({ field, value, error, onChange }: FieldProps<File[]>) {
  const id = controlId(field.id);
  const files = value ?? [];
  const limits = fileLimitsOf(field);
  const [refused, setRefused] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const full = files.length >= limits.maxCount;
  const sizeHint = [
    fr.publicForm.maxSize(limits.maxSizeMb),
    limits.maxCount > 1 ? fr.publicForm.files.tooMany(limits.maxCount) : null,
  ]
    .filter(Boolean)
    .join(" · ");
  const message = refused.length > 0 ? refused.join(" ") : error;

  const add = (picked: File[]) => {
    const { accepted, messages } = pickFiles(field, files, picked);
    setRefused(messages);
    if (accepted.length > 0) onChange([...files, ...accepted]);
    if (input.current) input.current.value = "";
  };

  return (
    <fieldset
      className="rf-field rf-fieldset"
      data-field-id={field.id}
      aria-describedby={describedBy(field.id, hasHelp(field, sizeHint), Boolean(message))}
    >
      <legend className="rf-label">
        {field.label}
        <RequiredMark required={field.required} />
      </legend>
      {/* The native input stays focusable and clickable through its label, drawn as a button: the
          browser's own "Choose Files / No file chosen" is not in French everywhere. */}
      <input
        ref={input}
        id={id}
        name={field.id}
        className="rf-file-input rf-visually-hidden"
        type="file"
        accept={acceptOf(field)}
        multiple={limits.maxCount > 1}
        disabled={full}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(field.id, true, Boolean(message))}
        onChange={(event) => add(Array.from(event.currentTarget.files ?? []))}
      />
      <label className={`rf-file-label${full ? " rf-file-label--disabled" : ""}`} htmlFor={id}>
        {pickerLabel(field)}
      </label>
      {files.length > 0 ? (
        <ul className="rf-files">
          {files.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`} className="rf-file">
              <FilePreview file={file} />
              <span className="rf-file-name">{file.name}</span>
              <button
                type="button"
                className="rf-link-button"
                onClick={() => {
                  setRefused([]);
                  const next = files.filter((_, i) => i !== index);
                  onChange(next.length > 0 ? next : undefined);
                }}
              >
                {fr.publicForm.files.remove(file.name)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FieldMessages field={field} error={message} extraHelp={sizeHint} />
    </fieldset>
  );
}

/** What the picker says: a file, or the kinds of media the field takes (images by default). */
function pickerLabel(field: FieldProps<File[]>["field"]): string {
  if (field.type !== "media") return fr.publicForm.chooseFile;
  const images = field.allow_images !== false;
  const videos = field.allow_videos === true;
  if (images && videos) return fr.publicForm.chooseMedia;
  return videos ? fr.publicForm.chooseVideos : fr.publicForm.choosePhotos;
}

function FilePreview({ file }: { file: File }) {
  const url = useMemo(
    () =>
      /^(image|video)\//.test(file.type) && typeof URL.createObjectURL === "function"
        ? URL.createObjectURL(file)
        : null,
    [file],
  );
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  if (!url) return null;
  if (file.type.startsWith("video/"))
    return <video className="rf-preview" src={url} muted playsInline tabIndex={-1} />;
  return <img className="rf-preview" src={url} alt="" />;
}
