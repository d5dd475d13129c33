/**
 * Image upload for the editor (docs/api.md#images): each image's bytes are stored by the server
 * (api/uploads.ts), and a Markdown image pointing at the stored copy is inserted where the cursor is.
 * Used by the button, by pasting and by dropping.
 */
import { useUploadImage } from '../api/uploads.ts';

/** "release-notes_v2.png" → "release notes v2": a starting point for the alt text. */
const altOf = (name: string) =>
  name
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_]+/g, ' ')
    .replace(/[[\]]/g, '')
    .trim() || 'image';

export function useImageUpload(slug: string, insert: (markdown: string) => void) {
  const upload = useUploadImage(slug, (stored, file) => insert(`![${altOf(file.name)}](${stored.url})`));
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
