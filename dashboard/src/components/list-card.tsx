/**
 * Everything the dashboard lists, in one shape: a section (a card, named by its heading, unless the
 * list is the page's own) whose list shows "Loading…" while its first answer is awaited, the failure of
 * the list or of an action on it (announced), the empty state, or the table or list `children` draws
 * from the items. `controls` (filters, notices) sit between the heading and the list, `footer` under
 * it ("Load more").
 */
import { type HTMLAttributes, type ReactNode, useId } from 'react';
import { ErrorAlert, Loading } from './status.tsx';

type ListCardProps<T> = {
  /** The section's heading; without one the section is unnamed (the page's h1 names its list). */
  heading?: string;
  headingLevel?: 2 | 3;
  /** The list's query (TanStack Query): pending until its first answer; its failure is shown. */
  query: { isPending: boolean; error: unknown };
  items: readonly T[];
  /** An action on the list that failed (remove, revoke, retry), shown where the list's failure is. */
  actionError?: unknown;
  /** What an empty list says. */
  empty: ReactNode;
  controls?: ReactNode;
  footer?: ReactNode;
  /** The table (in a TableScroll) or list of the items; called only with at least one. */
  children: (items: readonly T[]) => ReactNode;
  /** `card` unless given (`''`: no frame). */
  className?: string;
} & Omit<HTMLAttributes<HTMLElement>, 'children' | 'className'>;

export function ListCard<T>({
  heading,
  headingLevel = 2,
  query,
  items,
  actionError,
  empty,
  controls,
  footer,
  children,
  className = 'card',
  ...section
}: ListCardProps<T>) {
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const error = query.error ?? actionError;
  const body = query.isPending ? (
    <Loading />
  ) : items.length > 0 ? (
    children(items)
  ) : query.error ? null : (
    <p className="empty">{empty}</p>
  );
  return (
    <section
      className={className || undefined}
      aria-labelledby={heading ? `${id}-heading` : undefined}
      {...section}
    >
      {heading && <Heading id={`${id}-heading`}>{heading}</Heading>}
      {controls}
      <ErrorAlert error={error} />
      {body}
      {footer}
    </section>
  );
}
