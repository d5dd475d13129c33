-- One entry per compare range (docs/api.md#generate-a-draft-from-commits-and-pull-requests): a draft of
-- a range that is neither a pull request nor a release (the Action run by hand with from/to, or on a
-- push) names it as `from...to`, so a re-run of the same range re-drafts its entry, whatever its other
-- inputs, instead of making a second one.
alter table entries
  add column source_range text check (char_length(source_range) <= 255),
  drop constraint entries_source_kind,
  add constraint entries_source_kind check (
    num_nonnulls(source_pull_request, source_release, source_range) <= 1
    and (num_nonnulls(source_pull_request, source_release, source_range) = 0 or source_repository is not null));
create unique index entries_source_range
  on entries (project_id, source_repository, source_range, coalesce(component, ''))
  where source_range is not null;
