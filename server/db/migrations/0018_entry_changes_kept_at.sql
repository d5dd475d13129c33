-- A reset of the drafting profile forgets what was learned; whatever is kept afterwards teaches again
-- (docs/drafting.md "Reset"). Imported releases are dated in the past, so the time an entry was published
-- cannot say whether it came after a reset: `kept_at` is when what the release was made of was last
-- stored (an import or a re-import, a generate), and a release teaches when either comes after the reset.
alter table entry_changes add column kept_at timestamptz;
update entry_changes c set kept_at = e.created_at from entries e where e.id = c.entry_id;
alter table entry_changes alter column kept_at set not null;
alter table entry_changes alter column kept_at set default date_trunc('milliseconds', now());
