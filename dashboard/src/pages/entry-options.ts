/** The labels of entry categories and visibilities, as the editor and the list show them. */
import type { Category, Visibility } from '../types.ts';

export const CATEGORY_LABELS: Record<Category, string> = {
  feature: 'Feature',
  improvement: 'Improvement',
  fix: 'Fix',
  announcement: 'Announcement',
};

export const VISIBILITY_LABELS: Record<Visibility, string> = {
  external: 'External: widget, page, feeds and emails',
  internal: 'Internal: the team only',
};
