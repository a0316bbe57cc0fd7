import type { FastifyInstance } from "fastify";
import { httpError } from "../../plugins/errors";
import { DEMO_COMPANY } from "./demo-accounts";
import { DemoRun, type DemoStep, type SeededAccount } from "./demo-run";
import { removeDemoData } from "./remove";
import { DEMO_STEPS } from "./steps";

export interface DemoSeedResult {
  company: string;
  companyId: string;
  accounts: SeededAccount[];
  /** Each step and how long it took. */
  steps: { name: string; describe: string; ms: number }[];
  ms: number;
}

let running: Promise<DemoSeedResult> | null = null;

/**
 * The demo company (`npm run seed`, or the admin page's button): first the demo data there is
 * goes (remove.ts), then every step of DEMO_STEPS runs against `app`'s own routes. So seeding
 * twice gives the same data, not twice as much; only the passwords (printed) and ids are new.
 * One seed at a time in a process: another one meanwhile answers 409.
 */
export async function seedDemoData(
  app: FastifyInstance,
  opts: { steps?: readonly DemoStep[]; onStep?: (step: DemoStep, ms: number) => void } = {},
): Promise<DemoSeedResult> {
  if (running) throw httpError(409, "Demo data is being seeded right now; try again when that has finished");
  running = (async () => {
    const started = Date.now();
    await removeDemoData(app.ctx);
    const run = new DemoRun(app);
    const steps: DemoSeedResult["steps"] = [];
    for (const step of opts.steps ?? DEMO_STEPS) {
      const t0 = Date.now();
      try {
        await step.run(run);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        throw new Error(`Demo step "${step.name}" failed: ${message}`, { cause: err });
      }
      const ms = Date.now() - t0;
      steps.push({ name: step.name, describe: step.describe, ms });
      opts.onStep?.(step, ms);
    }
    return {
      company: DEMO_COMPANY,
      companyId: run.companyId,
      accounts: [...run.accounts.values()],
      steps,
      ms: Date.now() - started,
    };
  })();
  try {
    return await running;
  } finally {
    running = null;
  }
}
