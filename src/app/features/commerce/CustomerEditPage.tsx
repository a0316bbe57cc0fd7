import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import {
  type CommerceCustomerDetail,
  CUSTOMER_LIMITS,
  type CustomerNotes,
} from "../../../domain/commerce/contract";
import { errorMessage } from "../../lib/error-message";
import { toast } from "../../ui/toast";
import { usePageTitle } from "../../ui/usePageTitle";
import { commerceKeys, commerceQueries, saveCustomerNotes } from "./commerce-api";
import { QueryState } from "./QueryState";

const notesOf = (c: CommerceCustomerDetail): CustomerNotes => ({
  name: c.name,
  email: c.email,
  phone: c.phone,
  note: c.note,
});

function NotesForm({ customer }: { customer: CommerceCustomerDetail }) {
  const { t } = useLingui();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [values, setValues] = useState(notesOf(customer));
  const [error, setError] = useState<string | null>(null);
  const back = `${customer.username}`;
  const save = useMutation({
    mutationFn: () => saveCustomerNotes(customer.username, values),
    onSuccess: (saved) => {
      qc.setQueryData(commerceKeys.customer(customer.username), saved);
      void qc.invalidateQueries({ queryKey: commerceKeys.customerList() });
      toast.success(t`Customer notes saved`);
      void navigate({ to: "/dashboard/customers/$", params: { _splat: back } });
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const field = (key: keyof CustomerNotes) => ({
    value: values[key] ?? "",
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [key]: value || null }));
    },
    maxLength: CUSTOMER_LIMITS[key],
  });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        save.mutate();
      }}
    >
      <Card withBorder radius="lg">
        <Stack gap="md">
          <TextInput label={t`Name`} description={t`Your own name for this buyer`} {...field("name")} />
          <TextInput label={t`E-mail`} type="email" autoComplete="off" {...field("email")} />
          <TextInput label={t`Phone`} type="tel" autoComplete="off" {...field("phone")} />
          <Textarea label={t`Note`} autosize minRows={3} maxRows={10} {...field("note")} />
          {error && (
            <Text c="red.8" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button
              variant="default"
              renderRoot={(props) => (
                <Link {...props} to="/dashboard/customers/$" params={{ _splat: back }} />
              )}
            >
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={save.isPending}>
              <Trans>Save</Trans>
            </Button>
          </Group>
        </Stack>
      </Card>
    </form>
  );
}

/** /dashboard/customers/{customerId}/edit: the company's own name, contact fields and note for a buyer. */
export function CustomerEditPage({ username }: { username: string }) {
  const { t } = useLingui();
  usePageTitle(t`Edit customer ${username}`);
  const customer = useQuery(commerceQueries.customer(username));
  return (
    <Stack gap="lg" maw={640}>
      <Stack gap={0}>
        <Title order={1}>
          <Trans>Edit customer</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>
            eBay user {username}. These fields are your company's own; eBay never sees them, and they are
            deleted if eBay reports the buyer's account deleted.
          </Trans>
        </Text>
      </Stack>
      <QueryState query={customer} errorTitle={t`The customer could not be loaded`}>
        {(c) => <NotesForm customer={c} />}
      </QueryState>
    </Stack>
  );
}
