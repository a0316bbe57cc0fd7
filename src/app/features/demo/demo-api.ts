import { DEMO_DATA_PATH, type DemoCounts } from "../../../domain/demo";
import { http } from "../../lib/http";

export interface DemoOverview {
  counts: DemoCounts;
  steps: { name: string; describe: string }[];
}

export interface DemoSeedResult {
  company: string;
  accounts: { key: string; email: string; password: string; roles: string[] }[];
  steps: { name: string; describe: string; ms: number }[];
  ms: number;
  counts: DemoCounts;
}

export const demoKeys = {
  all: ["demo-data"] as const,
  overview: () => [...demoKeys.all, "overview"] as const,
};

export const demoApi = {
  overview: () => http.get<DemoOverview>(DEMO_DATA_PATH),
  seed: () => http.post<DemoSeedResult>(DEMO_DATA_PATH),
  remove: () => http.delete<{ removed: DemoCounts }>(DEMO_DATA_PATH),
};
