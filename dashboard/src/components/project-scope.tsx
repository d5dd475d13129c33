/**
 * The pages of one project (/app/p/{slug}/…): loads the project and the caller's role, shows its
 * navigation (Channels, GitHub, API keys and the audit log only where the role may use them) and gives
 * both to the page.
 */
import { createContext, type ReactNode, useContext } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { useEntry } from '../api/entries.ts';
import { useProjectQuery } from '../api/projects.ts';
import { toApp } from '../app-base.ts';
import type { Project } from '../types.ts';
import { ErrorAlert, Loading } from './status.tsx';

const ProjectContext = createContext<Project | null>(null);

export function useProject(): Project {
  const project = useContext(ProjectContext);
  if (!project) throw new Error('useProject outside a project page');
  return project;
}

function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const [location] = useLocation();
  const path = href.split('?')[0];
  const current = path === '/' ? location === '/' || location.startsWith('/entries') : location === path;
  return (
    <Link href={href} aria-current={current ? 'page' : undefined}>
      {children}
    </Link>
  );
}

/**
 * Entries: from an entry's page, the tab where that entry now is (Published after Publish, Scheduled
 * after Schedule), so the list opens on it rather than on Drafts; elsewhere the Drafts tab.
 */
function EntriesLink({ slug }: { slug: string }) {
  const [location] = useLocation();
  const id = /^\/entries\/(ent_[^/]+)$/.exec(location)?.[1];
  const entry = useEntry(slug, id).data;
  const tab = entry?.status === 'published' ? 'published' : entry?.scheduledFor ? 'scheduled' : null;
  return <NavLink href={tab ? `/?status=${tab}` : '/'}>Entries</NavLink>;
}

export function ProjectScope({ children }: { children: ReactNode }) {
  const { slug } = useParams<{ slug: string }>();
  const query = useProjectQuery(slug);
  if (query.isPending) return <Loading />;
  if (query.error) {
    return (
      <main id="main" tabIndex={-1}>
        <h1>Project unavailable</h1>
        <ErrorAlert error={query.error} />
        <p>
          <Link href={toApp('/')}>Back to your projects</Link>
        </p>
      </main>
    );
  }
  const project = query.data;
  return (
    <ProjectContext.Provider value={project}>
      <nav className="project-nav" aria-label={`Project ${project.name}`}>
        <span className="project-name">{project.name}</span>
        <EntriesLink slug={project.slug} />
        <NavLink href="/history">History</NavLink>
        <NavLink href="/drafting">Drafting</NavLink>
        <NavLink href="/analytics">Analytics</NavLink>
        <NavLink href="/subscribers">Subscribers</NavLink>
        {project.role !== 'contributor' && <NavLink href="/channels">Channels</NavLink>}
        {project.role !== 'contributor' && <NavLink href="/github">GitHub</NavLink>}
        <NavLink href="/settings">Settings</NavLink>
        <NavLink href="/members">Members</NavLink>
        {project.role === 'owner' && <NavLink href="/keys">API keys</NavLink>}
        {project.role === 'owner' && <NavLink href="/audit">Audit log</NavLink>}
      </nav>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </ProjectContext.Provider>
  );
}
