/**
 * Settings (CONTRACT.md "Dashboard"): `Name`, `Accent colour`, `Position`, `Theme`, with a live preview
 * of the real widget (the project's own `/widget.js`, its unsaved position and theme as the embed's
 * overrides, its accent on the launcher), and the embed snippet with a copy button. Publishers and
 * owners change them; a free project is told why the API needs Pro.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../api.ts';
import { CopyButton } from '../components/copy-button.tsx';
import { Field } from '../components/field.tsx';
import { projectKey, useProject } from '../components/project-scope.tsx';
import { ErrorAlert, Notice, usePageTitle } from '../components/status.tsx';
import { WidgetPreview } from '../components/widget-preview.tsx';
import { useUnsavedChanges } from '../navigation-guard.ts';
import { SESSION_KEY } from '../session.ts';
import type { Position, Project, Theme } from '../types.ts';
import { Options } from '../components/options.tsx';

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

export function SettingsPage() {
  usePageTitle('Settings');
  const project = useProject();
  const client = useQueryClient();
  const initial = { name: project.name, ...project.settings };
  const [form, setForm] = useState(initial);
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);
  useUnsavedChanges(dirty);
  const canEdit = project.role !== 'contributor';
  const save = useMutation({
    mutationFn: () =>
      api<{ project: Project }>(`/api/dashboard/projects/${encodeURIComponent(project.slug)}`, {
        method: 'PATCH',
        body: form,
      }),
    onSuccess: async (data) => {
      client.setQueryData(projectKey(project.slug), data);
      await client.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const origin = window.location.origin;
  const snippet = `<script src="${origin}/widget.js" data-project="${project.slug}" async></script>`;
  return (
    <>
      <h1>Settings</h1>
      <div className="settings">
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
              <select
                value={form.theme}
                onChange={(e) => setForm({ ...form, theme: e.target.value as Theme })}
              >
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
        <WidgetPreview slug={project.slug} accent={form.accent} position={form.position} theme={form.theme} />
      </div>
      <section className="card" aria-labelledby="embed-heading">
        <h2 id="embed-heading">Embed the widget</h2>
        <p>Paste this before the closing &lt;/body&gt; tag of your site:</p>
        <pre>
          <code id="embed-snippet">{snippet}</code>
        </pre>
        <CopyButton text={snippet} label="Copy snippet" />
        <p>
          Your public changelog:{' '}
          <a href={`${origin}/changelog/${project.slug}`}>{`${origin}/changelog/${project.slug}`}</a>
        </p>
      </section>
      <ProPlanNote project={project} />
    </>
  );
}
