// The token context menu (src/adapters/owlbear/menu.ts): each entry switches a tag over the whole
// selection, a malformed tag is replaced rather than kept, and tags stay small.
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../../src/adapters/owlbear/keys';
import { menuTags } from '../../../src/adapters/owlbear/menu';

const item = (id: string, tag?: unknown) => ({ id, metadata: tag === undefined ? {} : { [TOKEN_KEY]: tag } });
const units = () => 'u-new';

describe('the context menu on tokens', () => {
  it('puts the selection on a side, and takes it off when every token already is', () => {
    const on = menuTags('side-1', [item('a'), item('b', { side: '2', role: 'leader' })], units);
    expect(Object.fromEntries(on)).toEqual({ a: { side: '1' }, b: { side: '1', role: 'leader' } });
    const off = menuTags('side-1', [item('a', { side: '1' }), item('b', { side: '1', radio: true })], units);
    expect(Object.fromEntries(off)).toEqual({ a: {}, b: { radio: true } });
  });

  it('makes leaders, radios and the dead the same way', () => {
    expect(Object.fromEntries(menuTags('leader', [item('a', { role: 'leader' }), item('b')], units))).toEqual({
      a: { role: 'leader' },
      b: { role: 'leader' },
    });
    expect(Object.fromEntries(menuTags('leader', [item('a', { role: 'leader' })], units))).toEqual({ a: {} });
    expect(Object.fromEntries(menuTags('radio', [item('a')], units))).toEqual({ a: { radio: true } });
    expect(Object.fromEntries(menuTags('dead', [item('a', { dead: true, side: '2' })], units))).toEqual({
      a: { side: '2' },
    });
  });

  it('puts several tokens in one unit (the first one’s, else a new one), and takes a single token out of its unit', () => {
    expect(
      Object.fromEntries(menuTags('unit', [item('a'), item('b', { unit: 'g7' }), item('c', { unit: 'g9' })], units)),
    ).toEqual({ a: { unit: 'g7' }, b: { unit: 'g7' }, c: { unit: 'g7' } });
    expect(Object.fromEntries(menuTags('unit', [item('a'), item('b')], units))).toEqual({
      a: { unit: 'u-new' },
      b: { unit: 'u-new' },
    });
    expect(Object.fromEntries(menuTags('unit', [item('a', { unit: 'g7', side: '1' })], units))).toEqual({
      a: { side: '1' },
    });
  });

  it('replaces a malformed tag (written by hand, or by another extension) instead of keeping it', () => {
    expect(
      Object.fromEntries(
        menuTags('side-2', [item('a', { side: '<img src=x onerror=alert(1)>'.repeat(20), evil: true })], units),
      ),
    ).toEqual({ a: { side: '2' } });
  });
});
