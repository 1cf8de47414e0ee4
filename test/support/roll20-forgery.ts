// A hostile page script's best forgery on a Roll20 server that lets him write another player's ledger:
// that player's pages as they stand with one op added, and a record signing them as the player's own
// tab would (the digest of all his pages, src/shared-game/records.ts, the last version named as
// earlier). Shared by the Node tests of the ledgers and the browser tests on the fixture.
import { digest } from '../../src/shared-game/records';

/** The attribute writes (name, value) of a forgery under `as`'s name; `value` reads the ledger's attributes ('' for none). */
export function forgeryUnder(
  as: string,
  scene: string,
  value: (name: string) => string,
  op: { seq?: number; lamport: number; request: unknown; gm?: boolean },
): [string, string][] {
  const key = (p: number) => `cp_ops_${as}${p ? `.${p}` : ''}`;
  const pages = Array.from({ length: 8 }, (_, p) => {
    const text = value(key(p));
    return text ? (JSON.parse(text) as { scene: string; ops: unknown[] }) : null;
  });
  const record = JSON.parse(value(`cp_record_${as}`) || '{"v":1,"ops":[],"cp":[]}') as {
    ops: { s: string; h: string; n: number }[];
  };
  const before = record.ops.find((e) => e.s === scene);
  const seq = op.seq ?? (before?.n ?? 0) + 1;
  const first = pages[0]?.scene === scene ? pages[0] : { v: 2, scene, done: 0, ops: [] };
  pages[0] = {
    ...first,
    ops: [...first.ops, { seq, lamport: op.lamport, by: as, ...(op.gm ? { gm: true } : {}), request: op.request }],
  };
  const signed = { v: 1, ops: [{ s: scene, h: digest(pages), n: seq, ...(before ? { p: [before.h] } : {}) }], cp: [] };
  return [
    [key(0), JSON.stringify(pages[0])],
    [`cp_record_${as}`, JSON.stringify(signed)],
  ];
}
