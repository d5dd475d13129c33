/**
 * "Page not found" for a dashboard address no page answers, with the way back: a link relative to the
 * router it is rendered in (inside a project, `/` is that project's entries; at the top, the projects).
 */
import { Link } from 'wouter';
import { usePageTitle } from './status.tsx';

export function NotFound({ back, backLabel }: { back: string; backLabel: string }) {
  usePageTitle('Page not found');
  return (
    <>
      <h1>Page not found</h1>
      <p>There is nothing at this address: the link may be mistyped, or the page has moved.</p>
      <p>
        <Link href={back}>{backLabel}</Link>
      </p>
    </>
  );
}
