/**
 * What players read on a location's card: the name an admin gave it, else the host of its ping URL
 * (`https://fra1.example.com:8443/` reads `fra1.example.com`), never the scheme, port or path. An unreadable
 * URL is shown as it is rather than hidden.
 */
export function locationName(name: string | null, pingUrl: string): string {
  const given = name?.trim();
  if (given) return given;
  try {
    return new URL(pingUrl).hostname || pingUrl;
  } catch {
    return pingUrl;
  }
}
