/** Images for entries (docs/api.md#images): a file's bytes stored by the server, which answers its URL. */
import { useMutation } from '@tanstack/react-query';
import type { Upload } from '../types.ts';
import { api, projectPath } from './client.ts';

/** POST /api/dashboard/projects/{slug}/uploads with the file as the body. */
export const useUploadImage = (slug: string, onUploaded: (stored: Upload, file: File) => void) =>
  useMutation({
    mutationFn: async (file: File) => ({
      stored: await api<Upload>(projectPath(slug, '/uploads'), { method: 'POST', raw: file }),
      file,
    }),
    onSuccess: ({ stored, file }) => onUploaded(stored, file),
  });
