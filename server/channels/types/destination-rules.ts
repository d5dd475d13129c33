/** Helpers the channel kinds share: cutting text to a limit, and a destination rule by host and path. */

/** `text` cut to `max` characters, an ellipsis marking the cut. */
export function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * A rule accepting `https://<one of hosts><pathPrefix>…`; with private destinations allowed (a
 * self-hosted stand-in, tests), any http(s) URL.
 * @param what how the error names the expected URL.
 */
export function httpsOnHosts(
  hosts: readonly string[],
  pathPrefix: string,
  what: string,
): (url: URL, allowPrivate: boolean) => string | null {
  return (url, allowPrivate) => {
    if (allowPrivate) return null;
    if (url.protocol === 'https:' && hosts.includes(url.hostname) && url.pathname.startsWith(pathPrefix))
      return null;
    return `must be ${what} (https://${hosts[0]}${pathPrefix}…)`;
  };
}
