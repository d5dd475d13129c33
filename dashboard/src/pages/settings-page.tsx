/**
 * Settings (docs/api.md#dashboard-api): `Name`, `Accent colour`, `Position`, `Theme`, with a live preview
 * of the real widget (the project's own `/widget.js`, its unsaved position and theme as the embed's
 * overrides, its accent on the launcher), and the embed snippet with a copy button. Publishers and
 * owners change them; a free project is told why the API needs Pro. Languages (language-settings.tsx):
 * the default language and the others entries are translated into. Readers (reader-access.tsx): the
 * project's access and its reader secret, owners only.
 */
import { type FormEvent, useState } from 'react';
import { useSaveSettings } from '../api/projects.ts';
import { useReaderSettings } from '../api/readers.ts';
import { CopyButton } from '../components/copy-button.tsx';
import { Field } from '../components/field.tsx';
import { Options } from '../components/options.tsx';
import { useProject } from '../components/project-scope.tsx';
import { ErrorAlert, Notice, usePageTitle } from '../components/status.tsx';
import { WidgetPreview } from '../components/widget-preview.tsx';
import { LanguageSettings } from './language-settings.tsx';
import { ReaderAccess } from './reader-access.tsx';
import { useUnsavedChanges } from '../navigation-guard.ts';
import type { Position, Project, ProjectSettings, Theme } from '../types.ts';

const POSITIONS: Record<Position, string> = {
  'bottom-right': 'Bottom right',
  'bottom-left': 'Bottom left',
  'top-right': 'Top right',
  'top-left': 'Top left',
};
const THEMES: Record<Theme, string> = { auto: 'Auto (follows the reader)', light: 'Light', dark: 'Dark' };

export function ProPlanNote({ project }: { project: Project }) {
  if (project.apiAvailable) return null;
  return (
    <aside className="note" aria-label="About the API">
      <h2>The API needs Pro</h2>
      <p>
        This project is on the free plan: everything in this dashboard works, but calls with an API key (the
        GitHub Action, scripts, <code>/api/v1</code>) are refused with <code>402 upgrade_required</code> until
        the project is on Pro. Keys made now start working as soon as it is.
      </p>
    </aside>
  );
}

type FormProps = {
  form: ProjectSettings;
  setForm: (form: ProjectSettings) => void;
  dirty: boolean;
  canEdit: boolean;
};

function SettingsForm({ form, setForm, dirty, canEdit }: FormProps) {
  const project = useProject();
  const save = useSaveSettings(project.slug);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form);
  };
  return (
    <form onSubmit={submit} className="card">
      {!canEdit && <p>Only publishers and owners change the settings.</p>}
      <fieldset disabled={!canEdit}>
        <legend className="sr-only">Project settings</legend>
        <Field label="Name">
          <input
            required
            maxLength={100}
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
          />
        </Field>
        <Field label="Accent colour" hint="The launcher's and links' colour.">
          <input
            type="color"
            value={form.accent}
            onChange={(e) => setForm({ ...form, accent: e.target.value })}
          />
        </Field>
        <Field label="Position">
          <select
            value={form.position}
            onChange={(e) => setForm({ ...form, position: e.target.value as Position })}
          >
            <Options labels={POSITIONS} />
          </select>
        </Field>
        <Field label="Theme">
          <select value={form.theme} onChange={(e) => setForm({ ...form, theme: e.target.value as Theme })}>
            <Options labels={THEMES} />
          </select>
        </Field>
        <ErrorAlert error={save.error} />
        {save.isSuccess && !dirty && <Notice>Settings saved.</Notice>}
        <button type="submit" disabled={save.isPending || !dirty}>
          Save settings
        </button>
      </fieldset>
    </form>
  );
}

function EmbedSnippet({ slug }: { slug: string }) {
  const origin = window.location.origin;
  const snippet = `<script src="${origin}/widget.js" data-project="${slug}" async></script>`;
  return (
    <section className="card" aria-labelledby="embed-heading">
      <h2 id="embed-heading">Embed the widget</h2>
      <p>Paste this before the closing &lt;/body&gt; tag of your site:</p>
      <pre>
        <code id="embed-snippet">{snippet}</code>
      </pre>
      <CopyButton text={snippet} label="Copy snippet" />
      <p>
        Your public changelog: <a href={`${origin}/changelog/${slug}`}>{`${origin}/changelog/${slug}`}</a>
      </p>
    </section>
  );
}

export function SettingsPage() {
  usePageTitle('Settings');
  const project = useProject();
  const readers = useReaderSettings(project.slug);
  // Unknown access (the question failed): the preview is tried, as before access existed.
  const identified = readers.error ? false : readers.data && readers.data.access === 'identified';
  const initial: ProjectSettings = { name: project.name, ...project.settings };
  const [form, setForm] = useState(initial);
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);
  useUnsavedChanges(dirty);
  return (
    <>
      <h1>Settings</h1>
      <div className="settings">
        <SettingsForm form={form} setForm={setForm} dirty={dirty} canEdit={project.role !== 'contributor'} />
        <WidgetPreview
          slug={project.slug}
          accent={form.accent}
          position={form.position}
          theme={form.theme}
          identified={identified}
        />
      </div>
      <EmbedSnippet slug={project.slug} />
      <LanguageSettings slug={project.slug} canEdit={project.role !== 'contributor'} />
      <ReaderAccess slug={project.slug} isOwner={project.role === 'owner'} />
      <ProPlanNote project={project} />
    </>
  );
}
