import { queryKeys } from "@certavis/api-client/react-query";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";

/** After leaving or deleting the company: every cached company datum dropped, the user re-read, /company-setup. */
export function useLeaveCompanyData() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    client.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
    await client.invalidateQueries({ queryKey: queryKeys.me });
    navigate("/company-setup", { replace: true });
  };
}
