import { queryOptions } from "@tanstack/react-query";
import { http } from "../../lib/http";

export interface Profile {
  id: string;
  email: string;
  displayName: string;
  photo: string | null;
  phoneNumber: string | null;
  createdAt: string;
}

export type ProfileChange = Partial<Pick<Profile, "displayName" | "photo" | "phoneNumber">>;

export const accountApi = {
  profile: () => http.get<Profile>("/api/account/profile"),
  updateProfile: (change: ProfileChange) => http.patch<Profile>("/api/account/profile", change),
  changePassword: (currentPassword: string, newPassword: string) =>
    http.post<{ message: string; token: string; refreshToken: string }>("/api/account/password", {
      currentPassword,
      newPassword,
    }),
};

/** The account feature's query keys. */
export const accountKeys = {
  profile: ["account", "profile"] as const,
};

/** Each query of the feature: its key and its fetcher, side by side. */
export const accountQueries = {
  profile: () => queryOptions({ queryKey: accountKeys.profile, queryFn: accountApi.profile }),
};
