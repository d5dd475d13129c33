-- Slugs (docs/api.md#generate-a-draft-from-commits-and-pull-requests): while an entry is a draft its slug follows its title; the first publish
-- freezes it. `published_at` is cleared by an unpublish, so the first publish is kept apart.
alter table entries add column first_published_at timestamptz;
update entries set first_published_at = published_at where published_at is not null;
