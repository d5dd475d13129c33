/**
 * GitHub (CONTRACT.md "Dashboard"; publishers and owners): the repositories where the Shiplog App is
 * installed, whether each is linked to this project, another one (never which) or none, with its last
 * webhook deliveries; link or unlink them here (the CLI's `github link` does the same).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api.ts';
import { useProject } from '../components/project-scope.tsx';
import { ErrorAlert, formatDate, Loading, usePageTitle } from '../components/status.tsx';
import type { GithubRepository } from '../types.ts';
import { TableScroll } from '../components/table-scroll.tsx';

const LINK = { this: 'Linked to this project', other: 'Linked to another project' } as const;

export function GithubPage() {
  usePageTitle('GitHub');
  const project = useProject();
  const client = useQueryClient();
  const base = `/api/dashboard/projects/${encodeURIComponent(project.slug)}/github`;
  const queryKey = ['github', project.slug];
  const repos = useQuery({
    queryKey,
    queryFn: () => api<{ repositories: GithubRepository[] }>(base),
    enabled: project.role !== 'contributor',
  });
  const change = useMutation({
    mutationFn: ({ repository, link }: { repository: string; link: boolean }) =>
      link
        ? api(`${base}/links`, { method: 'POST', body: { repository } })
        : api(`${base}/links/${repository.split('/').map(encodeURIComponent).join('/')}`, {
            method: 'DELETE',
          }),
    onSettled: () => client.invalidateQueries({ queryKey }),
  });
  if (project.role === 'contributor') {
    return (
      <>
        <h1>GitHub</h1>
        <p>Publishers and owners link repositories.</p>
      </>
    );
  }
  return (
    <>
      <h1>GitHub</h1>
      <p className="hint">
        A linked repository drafts entries from its pull requests and releases. Install the Shiplog GitHub App
        on a repository to see it here.
      </p>
      <ErrorAlert error={repos.error ?? change.error} />
      {repos.isPending ? (
        <Loading />
      ) : !repos.data?.repositories.length ? (
        <p className="empty">The GitHub App is not installed on any repository yet.</p>
      ) : (
        <ul className="plain channel-list">
          {repos.data.repositories.map((r) => (
            <li key={r.repository}>
              <p>
                <strong>{r.repository}</strong>
                {r.private ? ' (private)' : ''} ·{' '}
                {r.installed ? `App installed on ${r.account}` : 'App not installed'} ·{' '}
                {r.link ? LINK[r.link] : 'Not linked'}
              </p>
              {r.link !== 'other' && (
                <button
                  type="button"
                  className={r.link === 'this' ? 'secondary' : undefined}
                  aria-label={`${r.link === 'this' ? 'Unlink' : 'Link'} ${r.repository}`}
                  disabled={change.isPending}
                  onClick={() => change.mutate({ repository: r.repository, link: r.link !== 'this' })}
                >
                  {r.link === 'this' ? 'Unlink' : 'Link'}
                </button>
              )}
              {r.lastDeliveries.length > 0 && (
                <TableScroll label={`Last deliveries about ${r.repository}`}>
                  <table>
                    <caption className="sr-only">Last deliveries about {r.repository}</caption>
                    <thead>
                      <tr>
                        <th scope="col">Event</th>
                        <th scope="col">Status</th>
                        <th scope="col">Received</th>
                        <th scope="col">Error</th>
                      </tr>
                    </thead>
                    <tbody>
                      {r.lastDeliveries.map((d) => (
                        <tr key={d.id}>
                          <td>{d.event}</td>
                          <td>{d.status}</td>
                          <td>{formatDate(d.receivedAt)}</td>
                          <td>{d.error ?? '–'}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableScroll>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
