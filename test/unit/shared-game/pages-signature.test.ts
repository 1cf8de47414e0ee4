// A writer's signature of his pages (src/shared-game/signing.ts): his last version and his few earlier
// ones, so that an earlier copy written back over his last stays provably his once he is gone; what a
// forger changes in it no longer checks; signatures made before it named earlier versions still do.
import { describe, expect, it } from 'vitest';
import {
  readPagesSignature,
  SIGNED_EARLIER,
  signPages,
  signsDigest,
  verifyPages,
} from '../../../src/shared-game/signing';
import { nodeCodec } from '../../support/owlbear-room';

const writer = 'conn-p1.bg';
const content = { scene: 'scene1', player: 'p1', gm: false, h: 'd3', p: ['d2', 'd1'] };

async function keyPair() {
  const secret = (await nodeCodec.newSecret())!;
  return { secret, publicKey: (await nodeCodec.publicKey(secret))! };
}

describe('a pages signature', () => {
  it('names his last version and his earlier ones, and no other', async () => {
    const { secret, publicKey } = await keyPair();
    const sig = (await signPages(nodeCodec, secret, publicKey, writer, content))!;
    expect(sig).toMatchObject({ v: 3, h: 'd3', p: ['d2', 'd1'] });
    expect(await verifyPages(nodeCodec, writer, sig)).toBe(true);
    const read = readPagesSignature(JSON.parse(JSON.stringify(sig)))!;
    expect(['d3', 'd2', 'd1', 'd0', ''].map((d) => signsDigest(read, d))).toEqual([true, true, true, false, false]);
  });

  it('keeps the last few earlier versions at most, and not the last among them', async () => {
    const { secret, publicKey } = await keyPair();
    const many = Array.from({ length: 20 }, (_, i) => `e${i}`);
    const sig = (await signPages(nodeCodec, secret, publicKey, writer, { ...content, p: ['d3', ...many] }))!;
    expect(sig.p).toEqual(many.slice(0, SIGNED_EARLIER));
    expect(await verifyPages(nodeCodec, writer, sig)).toBe(true);
  });

  it('no longer checks once a forger adds a version, drops one, or names another writer', async () => {
    const { secret, publicKey } = await keyPair();
    const sig = (await signPages(nodeCodec, secret, publicKey, writer, content))!;
    expect(await verifyPages(nodeCodec, writer, { ...sig, p: [...sig.p, 'forged'] })).toBe(false);
    expect(await verifyPages(nodeCodec, writer, { ...sig, p: sig.p.slice(1) })).toBe(false);
    expect(await verifyPages(nodeCodec, writer, { ...sig, h: 'd2', p: ['d3', 'd1'] })).toBe(false);
    expect(await verifyPages(nodeCodec, 'conn-h.bg', sig)).toBe(false);
  });

  it('made before signatures named earlier versions (version 2), still checks, naming its last version only', async () => {
    const { secret, publicKey } = await keyPair();
    const text = JSON.stringify([content.scene, writer, content.player, 'player', content.h]);
    const old = {
      v: 2,
      scene: content.scene,
      player: content.player,
      gm: false,
      h: content.h,
      key: publicKey,
      sig: await nodeCodec.sign(secret, `command-post/pages/2\n${text}`),
    };
    const read = readPagesSignature(old)!;
    expect(read.p).toEqual([]);
    expect(await verifyPages(nodeCodec, writer, read)).toBe(true);
    expect([signsDigest(read, 'd3'), signsDigest(read, 'd2')]).toEqual([true, false]);
  });

  it('is not read when its earlier versions are too many or not digests', async () => {
    const { secret, publicKey } = await keyPair();
    const sig = (await signPages(nodeCodec, secret, publicKey, writer, content))!;
    expect(readPagesSignature({ ...sig, p: Array.from({ length: SIGNED_EARLIER + 1 }, (_, i) => `d${i}`) })).toBeNull();
    expect(readPagesSignature({ ...sig, p: [1] })).toBeNull();
    expect(readPagesSignature({ ...sig, p: ['x'.repeat(65)] })).toBeNull();
    expect(readPagesSignature({ ...sig, p: 'd2' })).toBeNull();
    expect(readPagesSignature({ ...sig, p: undefined })).toBeNull();
  });
});
