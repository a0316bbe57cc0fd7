/** The eBay connection's state and actions for the Listing page's panel. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ebayApi, ebayKeys, ebayQueries, type LocationFields } from "./api";

export function useEbayConnection() {
  const qc = useQueryClient();
  const status = useQuery(ebayQueries.status());
  const connected = status.data?.state === "connected";
  const policies = useQuery({
    ...ebayQueries.policies(),
    enabled: connected && !!status.data?.setup.businessPolicies,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ebayKeys.all });
  const connect = useMutation({
    mutationFn: ebayApi.connect,
    onSuccess: ({ url }) => {
      window.location.assign(url);
    },
  });
  const disconnect = useMutation({ mutationFn: ebayApi.disconnect, onSuccess: refresh });
  const optIn = useMutation({ mutationFn: ebayApi.optIn, onSuccess: refresh });
  const choosePolicies = useMutation({ mutationFn: ebayApi.choosePolicies, onSuccess: refresh });
  const createLocation = useMutation({
    mutationFn: (body: LocationFields) => ebayApi.createLocation(body),
    onSuccess: refresh,
  });
  return { status, policies, connect, disconnect, optIn, choosePolicies, createLocation };
}
