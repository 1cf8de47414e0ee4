// Memory kept per connection, key or seal must not grow without end at a table open for hours.

/** Keeps a set or map from growing without end: drops the oldest entries past `max`. */
export function bound<K>(m: Map<K, unknown> | Set<K>, max: number): void {
  if (m.size <= max) return;
  const it = m.keys();
  for (let n = m.size - max; n > 0; n--) m.delete(it.next().value as K);
}
