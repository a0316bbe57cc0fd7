import type { DemoStep } from "./demo-run";
import { accountsStep } from "./steps/accounts";
import { articlesStep } from "./steps/articles";
import { calendarStep } from "./steps/calendar";
import { ebayStep } from "./steps/ebay";
import { filingsStep } from "./steps/filings";
import { inventoryStep } from "./steps/inventory";
import { kanbanStep } from "./steps/kanban";
import { mailStep } from "./steps/mail";
import { propertiesStep } from "./steps/properties";
import { statementsStep } from "./steps/statements";

/** The seed's steps, in order: a step may use what the steps before it made. */
export const DEMO_STEPS: readonly DemoStep[] = [
  accountsStep,
  propertiesStep,
  statementsStep,
  // Before the filings: it runs while the statements are extracted on their threads.
  inventoryStep,
  filingsStep,
  ebayStep,
  kanbanStep,
  calendarStep,
  mailStep,
  articlesStep,
];
