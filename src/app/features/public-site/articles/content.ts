import type { ArticleSlug } from "./catalog";
import { preparingStatements } from "./preparing-statements";
import { rpiePenalties } from "./rpie-penalties";
import type { ArticleContent } from "./types";
import { whatIsRpie } from "./what-is-rpie";

/** The text of each article, by slug. */
export const ARTICLE_CONTENT: Record<ArticleSlug, ArticleContent> = {
  "what-is-rpie-and-who-must-file": whatIsRpie,
  "rpie-penalties-explained": rpiePenalties,
  "preparing-financial-statements-for-rpie": preparingStatements,
};
