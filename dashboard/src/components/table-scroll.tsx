/**
 * A table that scrolls sideways on narrow screens. The scrolling box is a named, focusable region so
 * that keyboard users can scroll it too (WCAG 2.1.1; axe-core's scrollable-region-focusable).
 */
import type { ReactNode } from 'react';

export function TableScroll({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={className ? `table-scroll ${className}` : 'table-scroll'}
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      {children}
    </div>
  );
}
