/**
 * The pages and their addresses under /app. Signed-out visitors reach only the pages that need no
 * session (sign in, setup, invitation, password reset); the rest send them to Sign in.
 */
import { lazy, type ReactNode, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Shell } from './components/shell.tsx';
import { useSession } from './api/session.ts';
import { AccountPage } from './pages/account-page.tsx';
import { AuditPage } from './pages/audit-page.tsx';
import { ChannelsPage } from './pages/channels-page.tsx';
import { DraftingPage } from './pages/drafting-page.tsx';
import { EditorPage } from './pages/editor-page.tsx';
import { EntriesPage } from './pages/entries-page.tsx';
import { GithubPage } from './pages/github-page.tsx';
import { HistoryPage } from './pages/history-page.tsx';
import { InvitePage } from './pages/invite-page.tsx';
import { KeysPage } from './pages/keys-page.tsx';
import { MembersPage } from './pages/members-page.tsx';
import { NewProjectPage } from './pages/new-project-page.tsx';
import { ResetPage } from './pages/reset-page.tsx';
import { SettingsPage } from './pages/settings-page.tsx';
import { SetupPage } from './pages/setup-page.tsx';
import { SignInPage } from './pages/sign-in-page.tsx';
import { SubscribersPage } from './pages/subscribers-page.tsx';
import { toApp } from './app-base.ts';
import { NotFound } from './components/not-found.tsx';
import { ProjectScope, useProject } from './components/project-scope.tsx';
import { Loading } from './components/status.tsx';

// The chart library loads with the Analytics page only: the first page's bundle stays small.
const AnalyticsPage = lazy(() => import('./pages/analytics-page.tsx'));

function SignedIn({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.isPending) return <Loading />;
  if (!session.data) return <Redirect to="/sign-in" replace />;
  return <Shell session={session.data}>{children}</Shell>;
}

function Home() {
  const session = useSession();
  if (session.isPending) return <Loading />;
  if (!session.data) return <Redirect to="/sign-in" replace />;
  const first = session.data.projects[0];
  return <Redirect to={first ? `/p/${first.slug}` : '/projects/new'} replace />;
}

/** The pages of one project, relative to its nest (/p/{slug}); an unknown one is "Page not found". */
function ProjectPages() {
  const project = useProject();
  return (
    <Switch>
      <Route path="/" component={EntriesPage} />
      <Route path="/entries/new" component={EditorPage} />
      <Route path="/entries/:id" component={EditorPage} />
      <Route path="/history" component={HistoryPage} />
      <Route path="/drafting" component={DraftingPage} />
      <Route path="/settings" component={SettingsPage} />
      <Route path="/keys" component={KeysPage} />
      <Route path="/members" component={MembersPage} />
      <Route path="/subscribers" component={SubscribersPage} />
      <Route path="/channels" component={ChannelsPage} />
      <Route path="/analytics">
        <Suspense fallback={<Loading />}>
          <AnalyticsPage />
        </Suspense>
      </Route>
      <Route path="/github" component={GithubPage} />
      <Route path="/audit" component={AuditPage} />
      <Route>
        <NotFound back={toApp(`/p/${project.slug}`)} backLabel={`Back to the entries of ${project.name}`} />
      </Route>
    </Switch>
  );
}

/**
 * The signed-in frame (Shell) sits outside the project's nest, so its links (brand, Projects, Account)
 * and sign-out resolve against /app, never against /app/p/{slug}.
 */
export function App() {
  return (
    <Switch>
      <Route path="/sign-in" component={SignInPage} />
      <Route path="/setup" component={SetupPage} />
      <Route path="/invite" component={InvitePage} />
      <Route path="/reset" component={ResetPage} />
      <Route path="/">
        <Home />
      </Route>
      <Route>
        <SignedIn>
          <Switch>
            <Route path="/projects/new" component={NewProjectPage} />
            <Route path="/account" component={AccountPage} />
            <Route path="/p/:slug" nest>
              <ProjectScope>
                <ProjectPages />
              </ProjectScope>
            </Route>
            <Route>
              <main id="main" tabIndex={-1}>
                <NotFound back="/" backLabel="Back to your projects" />
              </main>
            </Route>
          </Switch>
        </SignedIn>
      </Route>
    </Switch>
  );
}
