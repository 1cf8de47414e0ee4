// The bridge's checks (src/adapters/owlbear/bridge.ts, owlbear/frame-bridge.ts): which origins the
// browser extension answers, what each hop accepts, and where the frame finds Owlbear's origin.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fromFrameSchema, fromPopupSchema, isCommandPostOrigin, toFrameSchema, toPopupSchema } from '../../../src/adapters/owlbear/bridge';
import { hostOrigin } from '../../../owlbear/frame-bridge';
import { freshRoot } from '../../../src/store/root';

const ns = 'command-post/owlbear';

describe('the origins the browser extension answers', () => {
  it('are where Command Post is hosted, those added at build time, and a developer’s own machine', () => {
    expect(isCommandPostOrigin('https://owlbear.commandpost.dev')).toBe(true);
    expect(isCommandPostOrigin('https://cp.example.org', ['https://cp.example.org'])).toBe(true);
    expect(isCommandPostOrigin('http://localhost:5174')).toBe(true);
    expect(isCommandPostOrigin('http://127.0.0.1:8080')).toBe(true);
    for (const o of ['https://evil.example', 'https://owlbear.commandpost.dev.evil.example', 'http://localhost.evil.example', 'https://localhost:5174', 'null', 'https://www.owlbear.rodeo']) expect(isCommandPostOrigin(o), o).toBe(false);
  });
});

describe('what each hop accepts', () => {
  it('from the frame: a hello, an answer to a request, the scene’s state; nothing else', () => {
    expect(v.safeParse(fromFrameSchema, { ns, type: 'bridge/hello', v: 1 }).success).toBe(true);
    expect(v.safeParse(fromFrameSchema, { ns, type: 'bridge/response', rid: 'r1', response: { ok: true, root: freshRoot() } }).success).toBe(true);
    expect(v.safeParse(fromFrameSchema, { ns, type: 'bridge/state', root: null, board: null, player: { name: 'x', role: 'GM', sides: [], seated: false } }).success).toBe(true);
    expect(v.safeParse(fromFrameSchema, { ns, type: 'bridge/state', root: { ...freshRoot(), schemaVersion: 9 }, board: null, player: null }).success).toBe(false);
    expect(v.safeParse(fromFrameSchema, { ns, type: 'bridge/hello', v: 1, extra: '<script>' }).success).toBe(false);
    expect(v.safeParse(fromFrameSchema, { ns, type: 'bridge/eval', code: '1' }).success).toBe(false);
  });

  it('request ids are plain tokens (never an id Owlbear’s SDK would take for one of its own messages)', () => {
    expect(v.safeParse(toFrameSchema, { ns, type: 'bridge/request', rid: 'r-1_a', request: {} }).success).toBe(true);
    expect(v.safeParse(toFrameSchema, { ns, type: 'bridge/request', rid: 'OBR_READY RESPONSE', request: {} }).success).toBe(false);
    expect(v.safeParse(fromPopupSchema, { type: 'owlbear/request', rid: 'x'.repeat(65), request: {} }).success).toBe(false);
    expect(v.safeParse(toPopupSchema, { type: 'owlbear/response', rid: 'r1', response: { ok: false, error: { code: 'owlbear-unreachable' } } }).success).toBe(true);
  });
});

describe('the frame', () => {
  it('reads Owlbear’s origin from its address as the SDK does, and nothing from a malformed one', () => {
    expect(hostOrigin(`?obrref=${btoa('https://www.owlbear.rodeo room-1')}`)).toBe('https://www.owlbear.rodeo');
    expect(hostOrigin('?obrref=%%%')).toBeNull();
    expect(hostOrigin(`?obrref=${btoa('nospace')}`)).toBeNull();
    expect(hostOrigin('')).toBeNull();
  });
});
