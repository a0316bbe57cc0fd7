import { Trans, useLingui } from "@lingui/react/macro";
import {
  Avatar,
  Button,
  Card,
  Group,
  Loader,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { errorMessage } from "../../lib/error-message";
import { tokenStore } from "../../lib/session/tokens";
import { toast } from "../../ui/toast";
import { usePageTitle } from "../../ui/usePageTitle";
import { useAuth } from "../auth/auth-context";
import { EbayPanel } from "../ebay/EbayPanel";
import { PushSettingsPanel } from "../notifications/PushSettingsPanel";
import { accountApi, accountKeys, accountQueries } from "./account-api";
import {
  DISPLAY_NAME_MAX,
  PASSWORD_MIN,
  type PasswordError,
  type PasswordInput as PasswordValues,
  PHONE_MAX,
  type ProfileError,
  type ProfileInput,
  profileChange,
  validatePassword,
  validateProfile,
} from "./account-validation";

function ProfileForm() {
  const { t } = useLingui();
  const { user, refreshToken } = useAuth();
  const queryClient = useQueryClient();
  const profile = useQuery(accountQueries.profile());
  const [values, setValues] = useState<ProfileInput>({
    displayName: user?.displayName ?? "",
    photo: user?.photo ?? "",
    phoneNumber: user?.phoneNumber ?? "",
  });
  const [errors, setErrors] = useState<Partial<Record<keyof ProfileInput, ProfileError>>>({});
  const [saving, setSaving] = useState(false);

  // Fields the person has typed in since the profile last arrived: a late answer never overwrites them.
  const edited = useRef(new Set<keyof ProfileInput>());
  useEffect(() => {
    if (!profile.data) return;
    const loaded: ProfileInput = {
      displayName: profile.data.displayName,
      photo: profile.data.photo ?? "",
      phoneNumber: profile.data.phoneNumber ?? "",
    };
    setValues((current) => {
      const next = { ...loaded };
      for (const key of edited.current) next[key] = current[key];
      return next;
    });
  }, [profile.data]);

  const errorText: Record<ProfileError, string> = {
    nameRequired: t`Name is required`,
    nameTooLong: t`Name must be at most ${DISPLAY_NAME_MAX} characters`,
    photoInvalid: t`Enter a web address starting with http:// or https://`,
    phoneTooLong: t`Phone number must be at most ${PHONE_MAX} characters`,
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateProfile(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const saved = await accountApi.updateProfile(profileChange(values));
      edited.current.clear();
      queryClient.setQueryData(accountKeys.profile, saved);
      // The top bar reads the name and photo from the access token: get a fresh one.
      await refreshToken().catch((error) => console.warn("Token refresh after profile change failed", error));
      toast.success(t`Profile updated`);
    } catch (error) {
      toast.error(t`Profile not saved: ${errorMessage(error)}`);
    } finally {
      setSaving(false);
    }
  };

  const field = (key: keyof ProfileInput) => ({
    value: values[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      edited.current.add(key);
      setValues((v) => ({ ...v, [key]: value }));
    },
    error: errors[key] ? errorText[errors[key]] : undefined,
  });

  return (
    <Card component="form" onSubmit={submit} noValidate padding="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={3}>
            <Trans>Profile</Trans>
          </Title>
          {profile.isLoading ? <Loader size="sm" /> : null}
        </Group>
        <Group wrap="nowrap" align="center">
          <Avatar
            src={values.photo.trim() || undefined}
            size={64}
            radius="xl"
            color="initials"
            name={values.displayName}
          />
          <div>
            <Text fw={600}>{values.displayName || user?.email}</Text>
            <Text size="sm" c="dimmed">
              {user?.email}
            </Text>
          </div>
        </Group>
        <TextInput
          label={t`Display name`}
          required
          maxLength={DISPLAY_NAME_MAX}
          autoComplete="name"
          {...field("displayName")}
        />
        <TextInput
          label={t`Photo URL`}
          placeholder="https://"
          type="url"
          autoComplete="photo"
          description={t`A link to a square picture. Leave empty for your initials.`}
          {...field("photo")}
        />
        <TextInput
          label={t`Phone number`}
          type="tel"
          maxLength={PHONE_MAX}
          autoComplete="tel"
          {...field("phoneNumber")}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            <Trans>Save changes</Trans>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function PasswordForm() {
  const { t } = useLingui();
  const { refreshToken } = useAuth();
  const empty: PasswordValues = { currentPassword: "", newPassword: "", confirmPassword: "" };
  const [values, setValues] = useState<PasswordValues>(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof PasswordValues, PasswordError | string>>>({});
  const [saving, setSaving] = useState(false);

  const errorText: Record<PasswordError, string> = {
    currentRequired: t`Enter your current password`,
    newTooShort: t`Password must be at least ${PASSWORD_MIN} characters`,
    mismatch: t`Passwords do not match`,
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validatePassword(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      // The server ends every other session and gives this one fresh tokens.
      const pair = await accountApi.changePassword(values.currentPassword, values.newPassword);
      tokenStore.save(pair);
      await refreshToken().catch((error) =>
        console.warn("Token refresh after password change failed", error),
      );
      setValues(empty);
      toast.success(t`Password changed`);
    } catch (error) {
      const message = errorMessage(error);
      if (message === "Current password is incorrect")
        setErrors({ currentPassword: t`Current password is incorrect` });
      else toast.error(t`Password not changed: ${message}`);
    } finally {
      setSaving(false);
    }
  };

  const field = (key: keyof PasswordValues) => {
    const err = errors[key];
    return {
      value: values[key],
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        const value = e.currentTarget.value;
        setValues((v) => ({ ...v, [key]: value }));
      },
      error: err ? (err in errorText ? errorText[err as PasswordError] : err) : undefined,
    };
  };

  return (
    <Card component="form" onSubmit={submit} noValidate padding="lg">
      <Stack>
        <Title order={3}>
          <Trans>Change password</Trans>
        </Title>
        <PasswordInput
          label={t`Current password`}
          autoComplete="current-password"
          required
          {...field("currentPassword")}
        />
        <PasswordInput
          label={t`New password`}
          autoComplete="new-password"
          required
          description={t`At least ${PASSWORD_MIN} characters.`}
          {...field("newPassword")}
        />
        <PasswordInput
          label={t`Confirm new password`}
          autoComplete="new-password"
          required
          {...field("confirmPassword")}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            <Trans>Change password</Trans>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /dashboard/account: the signed-in user's profile, password, push notifications and eBay connection. */
export function AccountPage() {
  const { t } = useLingui();
  usePageTitle(t`Account`);
  return (
    <Stack gap="lg">
      <Title order={1}>
        <Trans>Account</Trans>
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ProfileForm />
        <PasswordForm />
      </SimpleGrid>
      <PushSettingsPanel />
      <EbayPanel checklist={false} />
    </Stack>
  );
}
