import { describe, expect, it } from 'vitest';
import { contentMessageSchema, envelope, NS, pageMessageSchema, receive } from '../../../src/adapters/roll20/protocol';

const secret = '0123456789abcdef0123456789abcdef';
const view = { type: 'view', view: { x: 0, y: 0, w: 800, h: 600, sx: 1, sy: 1, ox: 0, oy: 0 } };

describe('bridge messages', () => {
  it('accepts a well-formed message from the other side with the secret', () => {
    expect(receive(envelope('page', secret, view), 'page', secret, pageMessageSchema)).toEqual({ ok: true, msg: view });
    expect(
      receive(
        envelope('content', secret, {
          type: 'hello',
          nonce: secret,
          updated: 'Command Post was updated: reload the tab',
        }),
        'content',
        secret,
        contentMessageSchema,
      ).ok,
    ).toBe(true);
  });
  it('ignores other namespaces (Roll20 talks too) and our own echo, without counting them', () => {
    expect(receive({ type: 'roll' }, 'page', secret, pageMessageSchema)).toEqual({ ok: false, ours: false });
    expect(receive('text', 'page', secret, pageMessageSchema)).toEqual({ ok: false, ours: false });
    expect(receive(envelope('content', secret, { type: 'hello' }), 'page', secret, pageMessageSchema)).toEqual({
      ok: false,
      ours: false,
    });
  });
  it("a turned camera's view (a 180° turn included) and the renderer's watch are well formed", () => {
    for (const v of [
      { ...view.view, sx: 0, sy: 0, kx: -1.2, ky: 1.2 },
      { ...view.view, sx: -1, sy: -1 },
    ])
      expect(receive(envelope('page', secret, { type: 'view', view: v }), 'page', secret, pageMessageSchema).ok).toBe(
        true,
      );
    expect(
      receive(
        envelope('page', secret, { type: 'renderer', engine: 'none', reason: 'renderer', at: 12 }),
        'page',
        secret,
        pageMessageSchema,
      ).ok,
    ).toBe(true);
  });
  it('drops and counts forged or malformed messages of ours', () => {
    const forged = [
      envelope('page', 'f'.repeat(32), view),
      { ...envelope('page', secret, view), extra: true },
      envelope('page', secret, { type: 'view', view: { ...view.view, sx: 0 } }), // flattens the board
      envelope('page', secret, { type: 'view', view: { ...view.view, sx: 0.5, sy: 0.5, kx: 0.5, ky: 0.5 } }), // so does this turn
      envelope('page', secret, { type: 'view', view: { ...view.view, sx: 2000 } }),
      envelope('page', secret, { type: 'renderer', engine: 'jumpgate', reason: 'gone', at: 1 }),
      envelope('page', secret, { type: 'chat', posted: 'yes' }),
      envelope('page', secret, { type: 'view', view: { ...view.view, ox: Number.NaN } }),
      envelope('page', secret, { type: 'delta', pageId: 'p', changed: [], removed: [''] }),
      envelope('page', secret, { type: 'nope' }),
      { ns: NS, dir: 'page', secret: 'short', msg: view },
    ];
    for (const f of forged) expect(receive(f, 'page', secret, pageMessageSchema)).toEqual({ ok: false, ours: true });
  });
  it("a hello carries its nonce; a command through the bridge's channel its key and number, and no hello or chat rides on it", async () => {
    const { portEnvelopeSchema, readySchema } = await import('../../../src/adapters/roll20/protocol');
    const v = await import('valibot');
    expect(receive(envelope('content', secret, { type: 'hello' }), 'content', secret, contentMessageSchema).ok).toBe(
      false,
    );
    expect(v.safeParse(readySchema, { type: 'ready', nonce: secret, key: secret }).success).toBe(true);
    expect(v.safeParse(portEnvelopeSchema, { key: secret, seq: 1, msg: { type: 'reset' } }).success).toBe(true);
    for (const bad of [
      { seq: 1, msg: { type: 'reset' } },
      { key: secret, seq: 0, msg: { type: 'reset' } },
      { key: secret, seq: 1, msg: { type: 'chat', text: 'x' } },
      { key: secret, seq: 1.5, msg: { type: 'reset' } },
    ]) {
      expect(v.safeParse(portEnvelopeSchema, bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
  it('bounds what the page may send to the content script', () => {
    const big = { type: 'delta', pageId: 'p', changed: new Array(5001).fill(0), removed: [] };
    expect(receive(envelope('page', secret, big), 'page', secret, pageMessageSchema).ok).toBe(false);
    const aura = { type: 'auras-set', items: [{ id: 't', radius: 3, square: false, color: 'red' }] };
    expect(receive(envelope('content', secret, aura), 'content', secret, contentMessageSchema).ok).toBe(false);
  });
});

describe('chat text', () => {
  it('takes apart what Roll20 chat would run: commands, inline rolls, templates, calls, macros, markup', async () => {
    const { chatText } = await import('../../../src/adapters/roll20/protocol');
    expect(chatText('/w gm [[1d20]] &{template:x} @{hp} %{a|b} #macro <b>x</b>\nnext')).toBe(
      '\u2215w gm [ [1d20] ] & {template:x} @ {hp} % {a|b} # macro ‹b›x‹/b› next',
    );
    expect(chatText('!api')).toBe('\u01c3api');
    expect(chatText('Command — Unit 1: 3/4')).toBe('Command — Unit 1: 3/4');
  });
});
