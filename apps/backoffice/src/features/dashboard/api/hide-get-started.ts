import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { getStartedKey } from "./get-get-started";

export const hideGetStarted = () => api.post("/company/get-started/hide/", {});

/** 'Masquer': hides the guided start for the whole company, for good. */
export const useHideGetStarted = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: hideGetStarted,
    onSuccess: (state) => client.setQueryData(getStartedKey, state),
  });
};
