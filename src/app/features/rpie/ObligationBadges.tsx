import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Badge, Group, Text } from "@mantine/core";
import { dateTimeFormat, numberFormat } from "../../../domain/intl-cache";
import type { Exclusion } from "../../../domain/rpie/rules";
import { AppTooltip } from "../../ui/tooltip";
import { EXCLUSION_LABELS } from "./labels";

export interface ObligationSummary {
  mustFile: boolean;
  claimOfExclusion: boolean;
  exclusion: string | null;
  form: "long" | "short" | "exclusion" | null;
  rentRollAddendum: boolean;
  deadline: string;
  penaltyIfLate: number;
  /** Days to the deadline (properties page); absent in the public checker. */
  daysLeft?: number;
}

export function useRpieFormat() {
  const { i18n } = useLingui();
  return {
    money: (n: number) =>
      numberFormat(i18n.locale, {
        style: "currency",
        currency: "USD",
        maximumFractionDigits: 0,
      }).format(n),
    date: (iso: string) =>
      dateTimeFormat(i18n.locale, { dateStyle: "medium", timeZone: "UTC" }).format(
        new Date(`${iso}T00:00:00Z`),
      ),
  };
}

/** Obligation, form type, deadline (with days left) and the penalty at risk, as badges. */
export function ObligationBadges({ a, compact = false }: { a: ObligationSummary; compact?: boolean }) {
  const { t, i18n } = useLingui();
  const fmt = useRpieFormat();
  const exclusion = a.exclusion ? i18n._(EXCLUSION_LABELS[a.exclusion as Exclusion]) : null;
  const obligation = a.mustFile ? (
    <Badge color="red" variant="filled" data-testid="obligation">
      <Trans>Must file</Trans>
    </Badge>
  ) : a.claimOfExclusion ? (
    <AppTooltip label={exclusion ?? ""} disabled={!exclusion}>
      <Badge color="yellow" variant="filled" c="dark" data-testid="obligation">
        <Trans>Claim of Exclusion</Trans>
      </Badge>
    </AppTooltip>
  ) : (
    <Badge color="gray" variant="light" data-testid="obligation">
      <Trans>Not required</Trans>
    </Badge>
  );
  const form =
    a.form === "long"
      ? t`Full form`
      : a.form === "short"
        ? t`Short form`
        : a.form === "exclusion"
          ? t`Claim form`
          : null;
  const needed = a.mustFile || a.claimOfExclusion;
  const days = a.daysLeft;
  const due = fmt.date(a.deadline);
  const penalty = fmt.money(a.penaltyIfLate);
  return (
    <Group gap={6} wrap="wrap">
      {obligation}
      {form && (
        <Badge variant="light" data-testid="form">
          {form}
        </Badge>
      )}
      {a.rentRollAddendum && (
        <Badge variant="light" color="grape">
          <Trans>Rent roll</Trans>
        </Badge>
      )}
      {needed && (
        <Badge
          variant="outline"
          color={days !== undefined && days <= 30 ? "orange" : "blue"}
          data-testid="deadline"
        >
          {days === undefined ? (
            <Trans>Due {due}</Trans>
          ) : days === 0 ? (
            <Trans>Due today</Trans>
          ) : (
            <Trans>
              Due {due} · <Plural value={days} one="# day left" other="# days left" />
            </Trans>
          )}
        </Badge>
      )}
      {needed && a.penaltyIfLate > 0 && (
        <Badge variant="light" color="red" data-testid="penalty">
          <Trans>{penalty} at risk</Trans>
        </Badge>
      )}
      {!compact && exclusion && (
        <Text size="xs" c="dimmed">
          {exclusion}
        </Text>
      )}
    </Group>
  );
}
