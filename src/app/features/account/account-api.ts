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
