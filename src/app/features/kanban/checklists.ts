/** Changes to a task's checklists (pure: the drawer saves the result as one write of `checklists`). */
import type { CheckItem, Checklist } from "../../../domain/kanban/board";

const inList = (lists: readonly Checklist[], listId: string, f: (items: CheckItem[]) => CheckItem[]) =>
  lists.map((l) => (l.id === listId ? { ...l, items: f(l.items) } : l));

export const addChecklist = (lists: readonly Checklist[], list: Checklist) => [...lists, list];

export const removeChecklist = (lists: readonly Checklist[], listId: string) =>
  lists.filter((l) => l.id !== listId);

export const addCheckItem = (lists: readonly Checklist[], listId: string, item: CheckItem) =>
  inList(lists, listId, (items) => [...items, item]);

export const removeCheckItem = (lists: readonly Checklist[], listId: string, itemId: string) =>
  inList(lists, listId, (items) => items.filter((i) => i.id !== itemId));

export const toggleCheckItem = (lists: readonly Checklist[], listId: string, itemId: string) =>
  inList(lists, listId, (items) => items.map((i) => (i.id === itemId ? { ...i, done: !i.done } : i)));
