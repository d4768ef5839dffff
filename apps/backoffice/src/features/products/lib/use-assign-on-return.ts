import { useEffect, useRef } from "react";
import type { UseFormSetValue } from "react-hook-form";
import { useSearchParams } from "react-router";
import { readAssignField } from "../../../lib/return-url";
import { ASSIGN_FIELDS, type ProductEditorValues } from "./product-form-values";

/** Back from a template or form editor: preselects what was saved there, then cleans the address (spec §2). */
export function useAssignOnReturn(setValue: UseFormSetValue<ProductEditorValues>): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const assigned = useRef(false);
  useEffect(() => {
    if (assigned.current) return;
    assigned.current = true;
    const field = readAssignField(searchParams.get("assign_field"));
    const assignId = searchParams.get("assign_id");
    if (!searchParams.has("assign_field") && !assignId) return;
    if (field && assignId) {
      setValue(ASSIGN_FIELDS[field], assignId, { shouldDirty: true });
      if (field === "reminder") setValue("followUp", true, { shouldDirty: true });
    }
    const next = new URLSearchParams(searchParams);
    next.delete("assign_field");
    next.delete("assign_id");
    setSearchParams(next, { replace: true });
  }, [searchParams, setSearchParams, setValue]);
}
