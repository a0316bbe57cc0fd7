import type { MessageDescriptor } from "@lingui/core";
import type { ComponentType } from "react";

/** One article's translatable text: title, summary for the list, and the body. */
export interface ArticleContent {
  title: MessageDescriptor;
  summary: MessageDescriptor;
  Body: ComponentType;
}
