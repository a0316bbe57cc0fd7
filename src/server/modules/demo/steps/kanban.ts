import { v7 as uuidv7 } from "uuid";
import type { Checklist } from "../../../../domain/kanban/board";
import { keysBetween } from "../../../../domain/sync/order-key";
import type { DemoRun, DemoStep } from "../demo-run";

const COLUMNS = ["To do", "In progress", "Waiting", "Done"] as const;

interface DemoTask {
  column: (typeof COLUMNS)[number];
  title: string;
  description?: string;
  /** Days from today (negative: overdue). */
  dueInDays?: number;
  labels?: string[];
  checklist?: { title: string; items: [string, boolean][] };
  comment?: string;
}

const TASKS: DemoTask[] = [
  {
    column: "To do",
    title: "Collect 2025 operating statements from the Queens building",
    description: "The managing agent promised the statements by the end of the month.",
    dueInDays: 10,
    labels: ["RPIE"],
    checklist: {
      title: "Documents",
      items: [
        ["Operating statement", false],
        ["Rent roll", false],
        ["Tax bill", true],
      ],
    },
    comment: "I called the agent; they will send the PDFs this week.",
  },
  { column: "To do", title: "Photograph the storage unit 3B items", dueInDays: 3, labels: ["Inventory"] },
  { column: "To do", title: "Price the brass lamps from the estate sale", labels: ["Inventory"] },
  {
    column: "To do",
    title: "File the Claim of Exclusion for the Staten Island property",
    dueInDays: 21,
    labels: ["RPIE"],
  },
  {
    column: "In progress",
    title: "Describe and list the film cameras on eBay",
    description: "Check every shutter speed before listing.",
    dueInDays: 5,
    labels: ["eBay"],
    checklist: {
      title: "Per camera",
      items: [
        ["Test the shutter", true],
        ["Clean the lens", true],
        ["Take six photos", false],
        ["Write the description", false],
      ],
    },
    comment: "Two of the Canons need new light seals first.",
  },
  { column: "In progress", title: "Map the Brooklyn statement to the RPIE form", labels: ["RPIE"] },
  {
    column: "In progress",
    title: "Print labels for pallet #14",
    dueInDays: 1,
    labels: ["Inventory"],
    comment: "The label printer is out of 2-inch rolls; ordered more.",
  },
  {
    column: "Waiting",
    title: "Owner to approve the quote for the Bronx filing",
    dueInDays: -2,
    labels: ["RPIE"],
    comment: "Reminder sent on Monday.",
  },
  { column: "Waiting", title: "Buyer question about the Blue Note LP sleeve", labels: ["eBay"] },
  {
    column: "Done",
    title: "Import the Park Slope estate sale manifest",
    labels: ["Inventory"],
    checklist: {
      title: "Import",
      items: [
        ["Upload the spreadsheet", true],
        ["Check the column mapping", true],
      ],
    },
  },
  { column: "Done", title: "Pay the invoice for the Manhattan filing", labels: ["RPIE"] },
  { column: "Done", title: "Ship the delivered mugs", labels: ["eBay"] },
];

/** "YYYY-MM-DD" `days` after `today` (a date, no time zone). */
function addDays(today: string, days: number): string {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The demo company's board: four columns and twelve tasks (due dates, one overdue; labels;
 * checklists; comments), written through kanban's synced-type routes as the app writes them
 * (PUT with ids made here, as a device does), by the company admin and the employee.
 */
export const kanbanStep: DemoStep = {
  name: "kanban",
  describe: "a board with four columns and 12 tasks, with checklists, comments and due dates",
  async run(run: DemoRun) {
    const boardId = uuidv7();
    await run.call("companyAdmin", "PUT", `/api/kanban/boards/${boardId}`, { name: "Demo Realty board" });
    const columnIds = new Map<string, string>();
    const columnKeys = keysBetween(null, null, COLUMNS.length);
    for (const [i, name] of COLUMNS.entries()) {
      const id = uuidv7();
      await run.call("companyAdmin", "PUT", `/api/kanban/columns/${id}`, {
        boardId,
        name,
        position: columnKeys[i],
      });
      columnIds.set(name, id);
    }
    for (const column of COLUMNS) {
      const tasks = TASKS.filter((t) => t.column === column);
      const keys = keysBetween(null, null, tasks.length);
      for (const [i, task] of tasks.entries()) {
        const id = uuidv7();
        const checklists: Checklist[] = task.checklist
          ? [
              {
                id: uuidv7(),
                title: task.checklist.title,
                items: task.checklist.items.map(([text, done]) => ({ id: uuidv7(), text, done })),
              },
            ]
          : [];
        await run.call("companyAdmin", "PUT", `/api/kanban/tasks/${id}`, {
          boardId,
          columnId: columnIds.get(column),
          title: task.title,
          description: task.description ?? "",
          position: keys[i],
          dueDate: task.dueInDays === undefined ? null : addDays(run.today, task.dueInDays),
          labels: task.labels ?? [],
          assignees: [run.account(i % 2 === 0 ? "companyAdmin" : "employee").userId],
          checklists,
        });
        if (task.comment) {
          await run.call("employee", "PUT", `/api/kanban/comments/${uuidv7()}`, {
            taskId: id,
            body: task.comment,
          });
        }
      }
    }
  },
};
