/**
 * Monorepo components (docs/github-app.md#github-app, `components` in `.github/shiplog.yml`): which
 * components a change touches (its changed paths against each component's globs; a shared file touches
 * every component that lists it), and which component a release tag is about (`web@1.2.0`,
 * `web-v1.2.0`). Pure; globs are Node's own `path.matchesGlob` (`**`, `*`, `?`, `{a,b}`).
 */
import { posix } from 'node:path';

export type Component = { name: string; paths: readonly string[] };

/** The components among `components` that one of `files` (repository-relative paths) falls in, in order. */
export function touchedComponents<C extends Component>(
  components: readonly C[],
  files: readonly string[],
): C[] {
  return components.filter((c) =>
    files.some((file) => c.paths.some((glob) => posix.matchesGlob(file, glob))),
  );
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `web@1.2.0` / `web-v1.2.0` → `1.2.0` for component `web`; null for another component's tag or none. */
export function componentVersionOf(name: string, tag: string): string | null {
  const match = new RegExp(`^${escape(name)}(?:@v?|-v)(\\d[^\\s]*)$`).exec(tag);
  return match ? match[1]! : null;
}

/** Whether `tag` is a release tag of component `name`. */
export function componentTagMatcher(name: string): (tag: string) => boolean {
  return (tag) => componentVersionOf(name, tag) !== null;
}

/** The component a release tag belongs to, with the version it names; null for a tag of none. */
export function componentOfTag<C extends Component>(
  components: readonly C[],
  tag: string,
): { component: C; version: string } | null {
  // The longest name first: `web-v1.0.0` is `web`'s, not `w`'s, and `api-v2@1.0.0` is `api-v2`'s.
  const byLength = [...components].sort((a, b) => b.name.length - a.name.length);
  for (const component of byLength) {
    const version = componentVersionOf(component.name, tag);
    if (version !== null) return { component, version };
  }
  return null;
}

/**
 * The previous release of a component: among `tags`, those of `name`, compared by the version they name.
 * @returns the tag, or null for the component's first release.
 */
export function previousComponentTag(
  selectPrevious: (versions: readonly string[], current: string) => string | null,
  tags: readonly string[],
  name: string,
  current: string,
): string | null {
  const byVersion = new Map<string, string>();
  for (const tag of tags) {
    const version = componentVersionOf(name, tag);
    if (version !== null) byVersion.set(version, tag);
  }
  const version = componentVersionOf(name, current);
  if (version === null) return null;
  const previous = selectPrevious([...byVersion.keys()], version);
  return previous === null ? null : byVersion.get(previous)!;
}
