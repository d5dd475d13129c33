/**
 * The drafting profile (docs/api.md#import-history-and-the-drafting-profile): what this project's own
 * releases taught its drafts, in words (the server's sentence) and in figures: how many releases it
 * learned from and when, how often its notes list each kind of change, its headings in order, its usual
 * number of items, its style. Publishers and owners reset it (asked first): drafts go back to the
 * built-in defaults and the entries stay.
 */
import { Link } from 'wouter';
import { useDraftingProfile, useResetDraftingProfile } from '../api/drafting-profile.ts';
import { ConfirmButton } from '../components/confirm-button.tsx';
import { ListCard } from '../components/list-card.tsx';
import { useProject } from '../components/project-scope.tsx';
import { ErrorAlert, formatDate, Loading, Notice, usePageTitle } from '../components/status.tsx';
import { TableScroll } from '../components/table-scroll.tsx';
import type { DraftingProfile, ListingRate } from '../types.ts';
import { CATEGORY_LABELS } from './entry-options.ts';

type ProfileQuery = ReturnType<typeof useDraftingProfile>;

/** How items are worded, in words. */
const styleOf = ({ references, credits, pastTense }: DraftingProfile['style']) =>
  [
    references ? 'cites pull requests' : 'no references',
    credits ? 'credits authors' : 'no credits',
    pastTense ? 'past-tense verbs (“Added”)' : 'verbs as in the commits',
  ].join(' · ');

function Facts({ profile }: { profile: DraftingProfile }) {
  const facts: [string, string][] = [
    ['Releases learned', String(profile.releasesLearned)],
    ['Updated', formatDate(profile.updatedAt)],
    [
      'Items per release',
      profile.itemsPerRelease === null ? 'Not learned yet' : `About ${profile.itemsPerRelease}`,
    ],
    ['Detail', profile.detail === 'highlights' ? 'Only the highlights' : 'Every change it lists'],
    ['Style', styleOf(profile.style)],
  ];
  return (
    <dl className="facts">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const percent = (x: number | null) => (x === null ? 'n/a' : `${Math.round(x * 100)}%`);

/**
 * The profile's proof in one sentence (docs/drafting.md, "The profile proves itself"): on the newest
 * releases replayed, how much of the notes the drafts matched with what was learned and without.
 */
export function validationSentence(validation: DraftingProfile['validation']): string {
  if (!validation || validation.releases === 0)
    return 'Not proved yet: what Shiplog learns is applied once it has been replayed on at least two of your releases with their commits.';
  const n = validation.releases;
  return `On your last ${n === 1 ? 'release' : `${n} releases`}, drafts with what Shiplog learned matched ${percent(validation.learned.recall)} of your notes; without, ${percent(validation.plain.recall)}.`;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function ListingTable({ rows }: { rows: readonly ListingRate[] }) {
  return (
    <TableScroll label="Listing rates">
      <table>
        <caption className="sr-only">Listing rates</caption>
        <thead>
          <tr>
            <th scope="col">Kind of change</th>
            <th scope="col">Listed</th>
            <th scope="col">Seen</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.kind}>
              <th scope="row">{capitalized(r.label)}</th>
              <td>{Math.round(r.rate * 100)} %</td>
              <td>{r.seen}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function ProfileView({ profile, query }: { profile: DraftingProfile; query: ProfileQuery }) {
  return (
    <>
      <section className="card" aria-labelledby="profile-words-heading">
        <h2 id="profile-words-heading">In words</h2>
        <p className="profile-description">{profile.description}</p>
        <p className="profile-validation">{validationSentence(profile.validation)}</p>
        <Facts profile={profile} />
      </section>
      <ListCard
        heading="Headings, in order"
        query={query}
        items={profile.sections}
        empty="None learned: drafts use the built-in headings."
      >
        {(sections) => (
          <ol>
            {sections.map((s) => (
              <li key={s.category}>
                {s.heading} <span className="meta">({CATEGORY_LABELS[s.category]})</span>
              </li>
            ))}
          </ol>
        )}
      </ListCard>
      <ListCard
        heading="What it lists"
        query={query}
        items={profile.listing}
        empty="Nothing seen yet."
        controls={
          <p className="hint">
            Listed: how likely a change of that kind is to be in the notes, from what this project&apos;s
            releases did with the changes seen, blended with the built-in default (which counts for less the
            more are seen). Seen: how many changes of that kind its releases had.
          </p>
        }
      >
        {(rows) => <ListingTable rows={rows} />}
      </ListCard>
    </>
  );
}

function ResetProfile({ slug, canReset }: { slug: string; canReset: boolean }) {
  const reset = useResetDraftingProfile(slug);
  return (
    <section className="card" aria-labelledby="reset-heading">
      <h2 id="reset-heading">Start again</h2>
      <p>
        Resetting forgets what was learned: drafts follow the built-in defaults, and only entries published
        afterwards teach the profile again. Entries stay.
      </p>
      {!canReset && <p>Only publishers and owners reset the profile.</p>}
      <ErrorAlert error={reset.error} />
      {reset.isSuccess && <Notice>Profile reset: drafts follow the built-in defaults.</Notice>}
      <ConfirmButton
        disabled={!canReset || reset.isPending}
        question="Reset the drafting profile? Drafts go back to the built-in defaults; entries stay."
        onConfirm={() => reset.mutate()}
      >
        Reset profile
      </ConfirmButton>
    </section>
  );
}

export function DraftingPage() {
  usePageTitle('Drafting profile');
  const project = useProject();
  const profile = useDraftingProfile(project.slug);
  return (
    <>
      <h1>Drafting profile</h1>
      <p className="hint intro">
        What this project&apos;s own releases taught its drafts: history imported with its commits, and every
        draft the team edits and publishes. <Link href="/history">Import history</Link>
      </p>
      {profile.isPending ? (
        <Loading />
      ) : profile.data ? (
        <ProfileView profile={profile.data} query={profile} />
      ) : (
        <ErrorAlert error={profile.error} />
      )}
      <ResetProfile slug={project.slug} canReset={project.role !== 'contributor'} />
    </>
  );
}
