/** Kanban's field rules (board.ts), shared by the screens and the server. Answers field → message. */
import {
  type BoardFields,
  type ColumnFields,
  type CommentFields,
  DUE_DATE,
  KANBAN_LIMITS as L,
  type TaskFields,
} from "./board";

type Errors = Record<string, string>;
const has = (f: object, k: string, partial: boolean) => !partial || k in f;
const blank = (v: unknown) => typeof v !== "string" || v.trim() === "";
const POSITION = /^[0-9A-Za-z]{1,200}$/;

function name(errors: Errors, f: { name?: string }, partial: boolean) {
  if (!has(f, "name", partial)) return;
  if (blank(f.name)) errors.name = "Required";
  else if ((f.name as string).length > L.nameMax) errors.name = `At most ${L.nameMax} characters`;
}

function position(errors: Errors, f: { position?: string }, partial: boolean) {
  if (has(f, "position", partial) && !POSITION.test(f.position ?? ""))
    errors.position = "Not an ordering key";
}

export function validateBoardFields(f: Partial<BoardFields>, partial = false): Errors {
  const errors: Errors = {};
  name(errors, f, partial);
  return errors;
}

export function validateColumnFields(f: Partial<ColumnFields>, partial = false): Errors {
  const errors: Errors = {};
  name(errors, f, partial);
  position(errors, f, partial);
  return errors;
}

export function validateTaskFields(f: Partial<TaskFields>, partial = false): Errors {
  const errors: Errors = {};
  if (has(f, "title", partial)) {
    if (blank(f.title)) errors.title = "Required";
    else if ((f.title as string).length > L.titleMax) errors.title = `At most ${L.titleMax} characters`;
  }
  if (has(f, "description", partial) && (f.description ?? "").length > L.descriptionMax)
    errors.description = `At most ${L.descriptionMax} characters`;
  position(errors, f, partial);
  if (has(f, "dueDate", partial) && f.dueDate != null && !DUE_DATE.test(f.dueDate))
    errors.dueDate = "A date as YYYY-MM-DD";
  if (has(f, "labels", partial)) {
    const labels = f.labels ?? [];
    if (labels.length > L.labelsMax) errors.labels = `At most ${L.labelsMax} labels`;
    else if (labels.some((l) => blank(l) || l.length > L.labelMax))
      errors.labels = `Labels are 1 to ${L.labelMax} characters`;
    else if (new Set(labels).size !== labels.length) errors.labels = "A label appears twice";
  }
  if (has(f, "assignees", partial) && new Set(f.assignees ?? []).size !== (f.assignees ?? []).length)
    errors.assignees = "A member is assigned twice";
  if (has(f, "checklists", partial)) {
    for (const c of f.checklists ?? []) {
      if (blank(c.title)) errors.checklists = "A checklist needs a title";
      else if (c.items.some((i) => blank(i.text))) errors.checklists = "A check item needs text";
    }
  }
  return errors;
}

export function validateCommentFields(f: Partial<CommentFields>, partial = false): Errors {
  const errors: Errors = {};
  if (has(f, "body", partial)) {
    if (blank(f.body)) errors.body = "Required";
    else if ((f.body as string).length > L.commentMax) errors.body = `At most ${L.commentMax} characters`;
  }
  return errors;
}
