// The bridge's checks (src/adapters/owlbear/bridge.ts, owlbear/frame-bridge.ts): which origins the
// browser extension answers, what each hop accepts, and where the frame finds Owlbear's origin.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  fromFrameSchema,
  fromPopupSchema,
  isCommandPostOrigin,
  toFrameSchema,
  toPopupSchema,
} from '../../../src/adapters/owlbear/bridge';
import { hostOrigin } from '../../../owlbear/frame-bridge';
import { freshRoot } from '../../../src/store/root';

const ns = 'command-post/owlbear';

describe('the origins the browser extension answers', () => {
  it('are those named when it is built, and a developer’s own machine in a development build only', () => {
    const hosted = ['https://cp.example.org'];
    expect(isCommandPostOrigin('https://cp.example.org', hosted)).toBe(true);
    // A production build trusts no localhost frame: any page on the player's machine could serve one.
    for (const o of ['http://localhost:5174', 'http://127.0.0.1:8080']) {
      expect(isCommandPostOrigin(o, hosted), o).toBe(false);
      expect(isCommandPostOrigin(o, hosted, true), o).toBe(true);
    }
    for (const o of [
      'https://evil.example',
      'https://cp.example.org.evil.example',
      'http://localhost.evil.example',
      'https://localhost:5174',
      'null',
      'https://www.owlbear.rodeo',
    ]) {
      expect(isCommandPostOrigin(o, hosted), o).toBe(false);
      expect(isCommandPostOrigin(o, hosted, true), o).toBe(false);
    }
  });
});

describe('what each hop accepts', () => {
  it('from the frame: a hello, an answer to a request, the scene’s state; nothing else', () => {
    expect(v.safeParse(fromFrameSchema, { ns, type: 'bridge/hello', v: 1 }).success).toBe(true);
    expect(
      v.safeParse(fromFrameSchema, {
        ns,
        type: 'bridge/response',
        rid: 'r1',
        response: { ok: true, root: freshRoot() },
      }).success,
    ).toBe(true);
    expect(
      v.safeParse(fromFrameSchema, {
        ns,
        type: 'bridge/state',
        root: null,
        board: null,
        player: { name: 'x', role: 'GM', sides: [], seated: false },
      }).success,
    ).toBe(true);
    expect(
      v.safeParse(fromFrameSchema, {
        ns,
        type: 'bridge/state',
        root: { ...freshRoot(), schemaVersion: 9 },
        board: null,
        player: null,
      }).success,
    ).toBe(false);
    expect(v.safeParse(fromFrameSchema, { ns, type: 'bridge/hello', v: 1, extra: '<script>' }).success).toBe(false);
    expect(v.safeParse(fromFrameSchema, { ns, type: 'bridge/eval', code: '1' }).success).toBe(false);
  });

  it('request ids are plain tokens (never an id Owlbear’s SDK would take for one of its own messages)', () => {
    expect(v.safeParse(toFrameSchema, { ns, type: 'bridge/request', rid: 'r-1_a', request: {} }).success).toBe(true);
    expect(
      v.safeParse(toFrameSchema, { ns, type: 'bridge/request', rid: 'OBR_READY RESPONSE', request: {} }).success,
    ).toBe(false);
    expect(v.safeParse(fromPopupSchema, { type: 'port/request', rid: 'x'.repeat(65), request: {} }).success).toBe(
      false,
    );
    expect(
      v.safeParse(toPopupSchema, {
        type: 'port/response',
        rid: 'r1',
        response: { ok: false, error: { code: 'owlbear-unreachable' } },
      }).success,
    ).toBe(true);
  });
});

describe('the frame', () => {
  it('reads Owlbear’s origin from its address as the SDK does, and nothing from a malformed one', () => {
    expect(hostOrigin(`?obrref=${btoa('https://www.owlbear.rodeo room-1')}`)).toBe('https://www.owlbear.rodeo');
    // Lenient as js-base64's decode: URL-safe alphabet, no padding (what atob alone refuses).
    const urlSafe = Buffer.from('https://www.owlbear.rodeo room?>>').toString('base64url');
    expect(urlSafe).toMatch(/[-_]/);
    expect(urlSafe.endsWith('=')).toBe(false);
    expect(hostOrigin(`?obrref=${urlSafe}`)).toBe('https://www.owlbear.rodeo');
    // Exactly two parts, as the SDK requires: otherwise no host at all.
    expect(hostOrigin(`?obrref=${btoa('https://www.owlbear.rodeo room extra')}`)).toBeNull();
    expect(hostOrigin(`?obrref=${btoa('nospace')}`)).toBeNull();
    expect(hostOrigin('?obrref=%%%')).toBeNull();
    expect(hostOrigin('')).toBeNull();
  });
});
