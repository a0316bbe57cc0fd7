import { Trans } from "@lingui/react/macro";
import { Text } from "@mantine/core";

/**
 * Inside a form the app sends: seen only without JavaScript (a prerendered page read with
 * scripting off), where the form cannot work. Sent anyway, it comes back with this note
 * (src/server/app.ts answers a prerendered page's POST with the page).
 */
export function NeedsScript() {
  return (
    <noscript>
      <Text c="red.8" size="sm" fw={500}>
        <Trans>This form needs JavaScript. Turn it on in your browser and reload the page.</Trans>
      </Text>
    </noscript>
  );
}
