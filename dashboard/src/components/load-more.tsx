/** The "Load more" button under a keyset-paged list (TanStack Query's infinite query); none on the last page. */
export function LoadMore({
  query,
}: {
  query: { hasNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}) {
  if (!query.hasNextPage) return null;
  return (
    <button type="button" className="secondary" onClick={() => void query.fetchNextPage()}>
      Load more
    </button>
  );
}
