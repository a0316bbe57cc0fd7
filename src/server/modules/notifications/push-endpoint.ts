/**
 * Which push endpoints the server will POST to. The browser's push service gives the endpoint, but
 * any signed-in caller can send one, so only https URLs on public host names are taken: never
 * plain http, an IP address, localhost or a local name (the server would otherwise send requests
 * into its own network). Tests that run a push service on localhost turn the check off in config.
 */
const LOCAL_SUFFIXES = [".localhost", ".local", ".internal", ".lan", ".home.arpa"];

export function endpointProblem(endpoint: string, allowLocal: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return '"endpoint" must be the push service URL the browser gave';
  }
  if (allowLocal && (url.protocol === "http:" || url.protocol === "https:")) return null;
  if (url.protocol !== "https:") return '"endpoint" must be an https:// URL of a push service';
  if (url.username || url.password) return '"endpoint" must not carry a user name or password';
  const host = url.hostname.toLowerCase();
  const isIp = /^[\d.]+$/.test(host) || host.startsWith("[");
  if (isIp || host === "localhost" || !host.includes(".") || LOCAL_SUFFIXES.some((s) => host.endsWith(s))) {
    return '"endpoint" must be on a push service\'s public host name, not a local or IP address';
  }
  return null;
}
