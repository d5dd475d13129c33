/**
 * Image upload for the editor (CONTRACT.md "Images"): the file's bytes go to
 * `POST /api/dashboard/projects/{slug}/uploads`, and a Markdown image pointing at the stored copy is
 * inserted where the cursor is. Used by the button, by pasting and by dropping.
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '../api.ts';
import type { Upload } from '../types.ts';

/** "release-notes_v2.png" → "release notes v2": a starting point for the alt text. */
const altOf = (name: string) =>
  name
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_]+/g, ' ')
    .replace(/[[\]]/g, '')
    .trim() || 'image';

export function useImageUpload(slug: string, insert: (markdown: string) => void) {
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const stored = await api<Upload>(`/api/dashboard/projects/${encodeURIComponent(slug)}/uploads`, {
        method: 'POST',
        raw: file,
      });
      return { stored, alt: altOf(file.name) };
    },
    onSuccess: ({ stored, alt }) => insert(`![${alt}](${stored.url})`),
  });
  const images = (files: FileList | null | undefined) =>
    Array.from(files ?? []).filter((f) => f.type.startsWith('image/') || f.type === '');
  return {
    upload,
    /** Upload every image of a file list; returns whether there was any. */
    uploadFiles(files: FileList | null | undefined): boolean {
      const found = images(files);
      for (const file of found) upload.mutate(file);
      return found.length > 0;
    },
  };
}
