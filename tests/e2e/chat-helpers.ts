/** What the chat e2e tests share: the thread list, the open thread's messages, writing one. */
import type { Page } from "playwright-core";
import { expect } from "vitest";

export const conversations = (page: Page) => page.getByRole("list", { name: "Conversations" });
export const messages = (page: Page) => page.getByTestId("chat-messages");

export async function write(page: Page, text: string) {
  const box = page.getByRole("textbox", { name: "Message" });
  await box.fill(text);
  await box.press("Enter");
  await expect.poll(() => box.inputValue()).toBe("");
}
