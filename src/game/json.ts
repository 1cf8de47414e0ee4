/**
 * JSON with object keys sorted: two values that differ only in key order give the same text (what
 * JSON.stringify gives otherwise: `undefined` members and functions left out, `toJSON` not called).
 * Written out by hand: the shared game digests every key it reads with it.
 */
export function canonicalJson(value: unknown): string {
  return write(value) ?? 'null';
}

function write(value: unknown): string | undefined {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + (write(value[i]) ?? 'null');
        return out + ']';
      }
      const keys = Object.keys(value).sort();
      let out = '{';
      let first = true;
      for (const key of keys) {
        const text = write((value as Record<string, unknown>)[key]);
        if (text === undefined) continue;
        out += (first ? '' : ',') + JSON.stringify(key) + ':' + text;
        first = false;
      }
      return out + '}';
    }
    default:
      return undefined;
  }
}
