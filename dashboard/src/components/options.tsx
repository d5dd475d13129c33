/** The `<option>`s of a select, from a record of value → label (in the record's order). */
export function Options({ labels }: { labels: Record<string, string> }) {
  return (
    <>
      {Object.entries(labels).map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </>
  );
}

/** A table's last header cell, over its row buttons: named for screen readers only. */
export function ActionsHeader() {
  return (
    <th scope="col">
      <span className="sr-only">Actions</span>
    </th>
  );
}
