import { normalizeRole, type Role } from "@certavis/domain";
import { useMe } from "../api/get-me";

/** The signed-in user and their role in the company (null while loading or unknown). */
export function useCaller(): { userId: string | null; email: string; role: Role | null } {
  const me = useMe().data;
  return { userId: me?.id ?? null, email: me?.email ?? "", role: normalizeRole(me?.role) };
}
