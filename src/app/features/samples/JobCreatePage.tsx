import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { JobCard, type JobCardJob } from "./JobCard";
import { SamplePage } from "./SamplePage";
import { SectionCard } from "./SectionCard";
import { COMPANIES, type JobType } from "./sample-data";
import { JOB_TYPE } from "./sample-labels";

interface JobForm {
  title: string;
  companyId: string | null;
  location: string;
  type: JobType;
  salaryFrom: number | string;
  salaryTo: number | string;
  description: string;
}

/**
 * /dashboard/jobs/create: the template's job form. It checks what is typed and previews the offer;
 * it saves nothing (the jobs are sample data), and says so.
 */
export function JobCreatePage() {
  const { t } = useLingui();
  const [preview, setPreview] = useState<JobCardJob | null>(null);
  const form = useForm<JobForm>({
    initialValues: {
      title: "",
      companyId: null,
      location: "",
      type: "full-time",
      salaryFrom: "",
      salaryTo: "",
      description: "",
    },
    validate: {
      title: (v) => (v.trim() ? null : t`Enter the job title`),
      companyId: (v) => (v ? null : t`Choose a company`),
      location: (v) => (v.trim() ? null : t`Enter where the work is`),
      salaryFrom: (v) => (typeof v === "number" && v > 0 ? null : t`Enter the lowest yearly salary`),
      salaryTo: (v, values) =>
        typeof v === "number" && typeof values.salaryFrom === "number" && v >= values.salaryFrom
          ? null
          : t`Enter a highest salary no lower than the lowest`,
    },
  });
  const submit = form.onSubmit((v) =>
    setPreview({
      title: v.title.trim(),
      companyId: v.companyId ?? "",
      location: v.location.trim(),
      type: v.type,
      salary: [Number(v.salaryFrom), Number(v.salaryTo)],
    }),
  );
  return (
    <SamplePage
      title={t`Post a job`}
      description={t`Describe the position; the preview shows how the offer will look.`}
      crumbs={[{ label: t`Jobs`, to: "/dashboard/jobs" }]}
    >
      <SectionCard title={t`Position`}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput label={t`Job title`} required {...form.getInputProps("title")} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t`Company`}
                required
                data={COMPANIES.map((c) => ({ value: c.id, label: c.name }))}
                {...form.getInputProps("companyId")}
              />
              <TextInput label={t`Location`} required {...form.getInputProps("location")} />
              <Select
                label={t`Type`}
                required
                allowDeselect={false}
                data={(Object.keys(JOB_TYPE) as JobType[]).map((k) => ({
                  value: k,
                  label: t(JOB_TYPE[k].label),
                }))}
                {...form.getInputProps("type")}
              />
              <SimpleGrid cols={2}>
                <NumberInput
                  label={t`Salary from`}
                  required
                  prefix="$"
                  thousandSeparator=","
                  min={0}
                  {...form.getInputProps("salaryFrom")}
                />
                <NumberInput
                  label={t`Salary to`}
                  required
                  prefix="$"
                  thousandSeparator=","
                  min={0}
                  {...form.getInputProps("salaryTo")}
                />
              </SimpleGrid>
            </SimpleGrid>
            <Textarea label={t`Description`} autosize minRows={3} {...form.getInputProps("description")} />
            <Group justify="flex-end">
              <Button type="submit">
                <Trans>Preview the offer</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      </SectionCard>
      {preview && (
        <Stack gap="sm" aria-live="polite">
          <Alert color="blue" title={t`Preview only`}>
            <Trans>This is a sample page: the offer below is not published or saved.</Trans>
          </Alert>
          <JobCard job={preview} />
        </Stack>
      )}
    </SamplePage>
  );
}
