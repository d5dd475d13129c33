/**
 * The signed-in frame: skip link, the project switcher, account and sign-out. Rendered at the app's
 * root (never inside a project's nested route), so its links are /app/… addresses on every page.
 */
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { useSignOut } from '../api/session.ts';
import type { SessionView } from '../types.ts';

export function Shell({ session, children }: { session: SessionView; children: ReactNode }) {
  const [location, navigate] = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  // The frame stays mounted from page to page: the Projects menu closes once one of its links is taken.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location]);
  const signOut = useSignOut(() => navigate('/sign-in'));
  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Link href="/" className="brand">
          Shiplog
        </Link>
        <details className="menu" ref={menu}>
          <summary>Projects</summary>
          <ul>
            {session.projects.map((p) => (
              <li key={p.id}>
                <Link href={`/p/${p.slug}`}>{p.name}</Link>
              </li>
            ))}
            <li>
              <Link href="/projects/new">New project</Link>
            </li>
          </ul>
        </details>
        <span className="spacer" />
        <Link href="/account" className="account" title={session.user.email}>
          Account
        </Link>
        <button type="button" className="secondary" onClick={() => signOut.mutate()}>
          Sign out
        </button>
      </header>
      {children}
    </>
  );
}
