import { TextField } from "@radix-ui/themes";
import { SearchIcon } from "./icons";

/** A list's search box: its placeholder is also its accessible name. */
export function SearchField({
  placeholder,
  value,
  onChange,
}: {
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField.Root
      className="min-w-[14rem] flex-1"
      size="2"
      type="search"
      placeholder={placeholder}
      aria-label={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      <TextField.Slot>
        <SearchIcon />
      </TextField.Slot>
    </TextField.Root>
  );
}
