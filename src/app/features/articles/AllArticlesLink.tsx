import { msg } from "@lingui/core/macro";
import { BackLink } from "../../ui/BackLink";

/** "← All articles", at the top of an article (the app's render and the server's island alike). */
export function AllArticlesLink() {
  return <BackLink to="/articles" label={msg`All articles`} />;
}
