// A writer's log as its pages hold it, read back and checked: each page a list of ops, each op a
// request as the worker checks it. A writer's pages are read only once its record stands behind them
// (./read-writers.ts); what is checked here still applies, to a hostile writer's own pages and to a bug.
import * as v from 'valibot';
import { canonicalJson } from '../game/json';
import { LIMITS, refusal, type Author, type Dropped, type Op, type OpPage } from './model';
import type { PlacedOp } from './play';
import { parseSceneRequest } from './requests';

const count = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER));
const opSchema = v.strictObject({
  seq: count,
  lamport: count,
  by: v.pipe(v.string(), v.minLength(1), v.maxLength(LIMITS.id)),
  gm: v.optional(v.boolean()),
  request: v.unknown(),
});
const pageSchema = v.strictObject({
  v: v.literal(2),
  scene: v.pipe(v.string(), v.maxLength(LIMITS.id)),
  done: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER)),
  ops: v.pipe(v.array(v.unknown()), v.maxLength(1000)),
});

export const issueText = (issues: readonly v.BaseIssue<unknown>[]): string => {
  const issue = issues[0]!;
  return `${issue.path?.map((p) => String(p.key)).join('.') || '(value)'}: ${issue.message}`;
};

/** Whether a key's value holds no op: emptied (`null`), deleted, or an empty page. */
export const isEmptyPage = (raw: unknown): boolean =>
  raw === null ||
  raw === undefined ||
  (typeof raw === 'object' &&
    Array.isArray((raw as { ops?: unknown }).ops) &&
    (raw as { ops: unknown[] }).ops.length === 0);

/**
 * A page's value as the writer writes it: its ops, or `null` (emptied: never left to `undefined` to
 * delete). The first page says how far the checkpoint covers the writer even when it holds no op.
 */
export const pageValue = (scene: string, done: number, ops: readonly Op[], first: boolean): OpPage | null =>
  ops.length || (first && done > 0) ? { v: 2, scene, done, ops } : null;

/**
 * How far along its log a writer's pages are: its highest seq, after how far the checkpoint covers it
 * (a writer only ever adds ops and drops covered ones, so a later version is never lower).
 */
export function versionOf(values: readonly unknown[]): number {
  let done = 0;
  for (const v of values) {
    const page = v as { done?: unknown } | null;
    if (typeof page?.done === 'number') done = Math.max(done, page.done);
  }
  const seq = lastSeq(values);
  return Math.max(done, seq) * 2 + (seq > done ? 1 : 0);
}

/** The highest op number in a writer's pages (0: none). */
export function lastSeq(values: readonly unknown[]): number {
  let seq = 0;
  for (const v of values) {
    const ops = (v as { ops?: unknown } | null)?.ops;
    if (Array.isArray(ops))
      for (const op of ops)
        if (typeof (op as { seq?: unknown })?.seq === 'number') seq = Math.max(seq, (op as { seq: number }).seq);
  }
  return seq;
}

/** A writer's lowest seq in these pages (Infinity: none). */
export function firstSeq(values: readonly unknown[]): number {
  let seq = Infinity;
  for (const v of values) {
    const ops = (v as { ops?: unknown } | null)?.ops;
    if (Array.isArray(ops))
      for (const op of ops)
        if (typeof (op as { seq?: unknown })?.seq === 'number') seq = Math.min(seq, (op as { seq: number }).seq);
  }
  return seq;
}

/** An op's size in a page, as JSON. */
export const opChars = (op: Op): number => JSON.stringify(op).length + 1;

/** The highest clock an op may carry on a table whose checkpoint's clock is `lamport`. */
export const clockCeiling = (lamport: number): number => Math.min(Number.MAX_SAFE_INTEGER, lamport + LIMITS.clockAhead);

export interface ReadOp extends PlacedOp {
  /** The op says its writer acted as game master (checked by the reader against the tabletop's word). */
  readonly claimsGm: boolean;
}

/**
 * Reads one writer's pages (`keys[i]` holds `values[i]`), as the pages of `author` (the tabletop's word
 * for its holder) on scene `scene`, whose ops up to `done` are in the checkpoint and whose clock may not
 * pass `ceiling`. A malformed page is dropped whole, a malformed op alone. An op naming another author,
 * out of order, or with a clock no honest client writes is refused.
 */
export function readPages(
  writer: string,
  keys: readonly string[],
  values: readonly unknown[],
  author: Author,
  scene: string,
  done: number,
  ceiling: number,
): { ops: ReadOp[]; done: number; dropped: Dropped[] } {
  const dropped: Dropped[] = [];
  let doneTo = 0;
  const raw: { key: string; op: unknown; at: string }[] = [];
  values.forEach((value, p) => {
    const key = keys[p]!;
    if (isEmptyPage(value)) {
      // A first page with no op left still says how far the checkpoint covers its writer: what this
      // client holds of him up to there plays on until its own checkpoint covers it (else all of it
      // would leave every board while the new checkpoint is on its way).
      const page = value ? v.safeParse(pageSchema, value) : null;
      if (page?.success && page.output.scene === scene && JSON.stringify(value).length <= LIMITS.keyChars)
        doneTo = Math.max(doneTo, page.output.done);
      return;
    }
    const page = v.safeParse(pageSchema, value);
    if (!page.success) return void dropped.push({ key, problem: issueText(page.issues), kind: 'unreadable' });
    if (JSON.stringify(value).length > LIMITS.keyChars)
      return void dropped.push({ key, problem: `more than ${LIMITS.keyChars} characters`, kind: 'unreadable' });
    if (page.output.scene !== scene) return void dropped.push(refusal(key, 'made on another scene'));
    doneTo = Math.max(doneTo, page.output.done);
    page.output.ops.forEach((op, i) => raw.push({ key, op, at: `op ${i + 1}` }));
  });
  const parsed: { key: string; at: string; op: v.InferOutput<typeof opSchema> }[] = [];
  for (const r of raw) {
    const op = v.safeParse(opSchema, r.op);
    if (!op.success) dropped.push({ key: r.key, problem: `${r.at}: ${issueText(op.issues)}`, kind: 'unreadable' });
    else if (op.output.seq > done) parsed.push({ key: r.key, at: r.at, op: op.output });
  }
  parsed.sort((a, b) => a.op.seq - b.op.seq);
  const ops: ReadOp[] = [];
  let lastSeq = done;
  let clock = 0;
  for (const { key, at, op: o } of parsed) {
    const refused = (problem: string) => dropped.push(refusal(key, `${at}: ${problem}`));
    if (o.seq === lastSeq) {
      dropped.push({ key, problem: `${at}: seq ${o.seq} twice`, kind: 'unreadable' });
      continue;
    }
    lastSeq = o.seq;
    if (canonicalJson(o).length > LIMITS.opChars) {
      dropped.push({ key, problem: `${at}: more than ${LIMITS.opChars} characters`, kind: 'unreadable' });
      continue;
    }
    if (o.by !== author.player) {
      refused(`names ${o.by.slice(0, 64)} as its author; the table says this key is ${author.player}'s`);
      continue;
    }
    if (o.lamport > ceiling) {
      refused(`clock ${o.lamport} above the table's ${ceiling}`);
      continue;
    }
    if (o.lamport <= clock) {
      refused(`clock ${o.lamport} not above its writer's last (${clock})`);
      continue;
    }
    const request = parseSceneRequest(o.request);
    if (!request.ok) {
      dropped.push({
        key,
        problem: `${at}: ${request.error.params?.path ?? ''}: ${request.error.params?.problem ?? request.error.code}`,
        kind: 'unreadable',
      });
      continue;
    }
    clock = o.lamport;
    ops.push({
      seq: o.seq,
      lamport: o.lamport,
      by: o.by,
      ...(o.gm ? { gm: true } : {}),
      request: request.value,
      writer,
      id: `${writer}:${o.seq}`,
      author,
      claimsGm: o.gm === true,
    });
  }
  return { ops, done: doneTo, dropped };
}
