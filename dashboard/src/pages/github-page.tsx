/**
 * GitHub (docs/api.md#github-page; publishers and owners): the repositories where the Shiplog App is
 * installed, whether each is linked to this project, another one (never which) or none, with its last
 * webhook deliveries; link or unlink them here (the CLI's `github link` does the same).
 */
import { useGithubRepositories, useLinkRepository } from '../api/github.ts';
import { ListCard } from '../components/list-card.tsx';
import { useProject } from '../components/project-scope.tsx';
import { formatDate, usePageTitle } from '../components/status.tsx';
import { TableScroll } from '../components/table-scroll.tsx';
import type { GithubRepository } from '../types.ts';

const LINK = { this: 'Linked to this project', other: 'Linked to another project' } as const;

function LastDeliveries({ repository: r }: { repository: GithubRepository }) {
  return (
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
  );
}

type ItemProps = { repository: GithubRepository; change: ReturnType<typeof useLinkRepository> };

function RepositoryItem({ repository: r, change }: ItemProps) {
  return (
    <li>
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
      {r.lastDeliveries.length > 0 && <LastDeliveries repository={r} />}
    </li>
  );
}

export function GithubPage() {
  usePageTitle('GitHub');
  const project = useProject();
  const canLink = project.role !== 'contributor';
  const repos = useGithubRepositories(project.slug, canLink);
  const change = useLinkRepository(project.slug);
  if (!canLink) {
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
      <ListCard
        className=""
        query={repos}
        items={repos.data?.repositories ?? []}
        actionError={change.error}
        empty="The GitHub App is not installed on any repository yet."
      >
        {(list) => (
          <ul className="plain channel-list">
            {list.map((r) => (
              <RepositoryItem key={r.repository} repository={r} change={change} />
            ))}
          </ul>
        )}
      </ListCard>
    </>
  );
}
