// Proof of authorship that any client can check, across reloads, refreshes and returns: each browser
// keeps one Ed25519 key of its own (the Keeper), publishes its public half where only its holder writes
// (its record: on Owlbear, its own player metadata, which Owlbear ties to a player id and role), and
// signs with it every page it writes (game master or player) and, on a game master's client, every
// checkpoint. A checkpoint carries its signer's
// public key and signature; a reader plays it only if that key is one it trusts as a game master's for
// the scene (./trust.ts). The arithmetic is the browser's own WebCrypto, through the tabletop's codec
// (./model.ts `Codec`): nothing to bundle, and the same in Node for the tests.
import { LIMITS, type Codec } from './model';

/** A public key or a signature as it travels: lowercase hex (64 and 128 characters). */
export const PUBLIC_KEY = /^[0-9a-f]{64}$/;
export const SIGNATURE = /^[0-9a-f]{128}$/;

/** What a checkpoint's signature covers: this prefix, then the head's canonical JSON without its signature (./checkpoint.ts `signedText`). */
const CHECKPOINT_DOMAIN = 'command-post/checkpoint/2\n';
/**
 * What a writer's signature of his pages covers: this prefix, then `pagesText`. Version 1 (a game
 * master's, before players signed too) named no role; version 2 named his pages as they are only.
 */
const PAGES_DOMAIN = {
  1: 'command-post/pages/1\n',
  2: 'command-post/pages/2\n',
  3: 'command-post/pages/3\n',
} as const;
/** How many earlier versions of his pages a writer's signature names besides the last: as many as his record does. */
export const SIGNED_EARLIER = LIMITS.recordEarlier;

export interface KeyPair {
  readonly secret: string;
  readonly publicKey: string;
}

/**
 * This browser's key pair: the one its keeper holds, else a new one (kept, where the keeper can), else
 * none (a browser without Ed25519: its checkpoints are then vouched for by its record alone).
 */
export async function keyPairOf(codec: Codec, kept: unknown, keep: (secret: string) => void): Promise<KeyPair | null> {
  try {
    if (typeof kept === 'string') {
      const publicKey = await codec.publicKey(kept);
      if (publicKey && PUBLIC_KEY.test(publicKey)) return { secret: kept, publicKey };
    }
    const secret = await codec.newSecret();
    const publicKey = secret ? await codec.publicKey(secret) : null;
    if (!secret || !publicKey || !PUBLIC_KEY.test(publicKey)) return null;
    keep(secret);
    return { secret, publicKey };
  } catch {
    return null;
  }
}

/** A signature of `text` under a domain (what it signs: a checkpoint, a game master's pages), or null. */
async function sign(codec: Codec, secret: string, domain: string, text: string): Promise<string | null> {
  try {
    const sig = await codec.sign(secret, domain + text);
    return SIGNATURE.test(sig) ? sig : null;
  } catch {
    return null;
  }
}

async function verify(
  codec: Codec,
  publicKey: string,
  signature: string,
  domain: string,
  text: string,
): Promise<boolean> {
  if (!PUBLIC_KEY.test(publicKey) || !SIGNATURE.test(signature)) return false;
  try {
    return await codec.verify(publicKey, signature, domain + text);
  } catch {
    return false;
  }
}

export const signCheckpoint = (codec: Codec, secret: string, text: string): Promise<string | null> =>
  sign(codec, secret, CHECKPOINT_DOMAIN, text);
export const verifyCheckpoint = (codec: Codec, publicKey: string, signature: string, text: string): Promise<boolean> =>
  verify(codec, publicKey, signature, CHECKPOINT_DOMAIN, text);

/** A writer's signature of his pages as his writer keeps it (./keys.ts `signature`). */
export interface PagesSignature {
  readonly v: 1 | 2 | 3;
  readonly scene: string;
  readonly player: string;
  /** The role he signed them in (version 1: a game master's). */
  readonly gm: boolean;
  /** His pages' digest. */
  readonly h: string;
  /**
   * The digests of his last few earlier versions (version 3): a copy of one of them written back over
   * his last (a stale client's, a hostile player's) stays provably his once he is gone, as his record
   * said of it while he was at the table; a client that played a later version never goes back to it.
   */
  readonly p: readonly string[];
  readonly key: string;
  readonly sig: string;
}

export interface PagesContent extends Pick<PagesSignature, 'scene' | 'player' | 'gm' | 'h'> {
  readonly p?: readonly string[];
}

/** Whether a signature names pages of this digest: his last, or one of his earlier versions. */
export const signsDigest = (s: PagesSignature, digest: string): boolean => s.h === digest || s.p.includes(digest);

/** What a writer signs of his pages: the scene, his writer, his player, his role, and his pages' digests (./records.ts `digestText`). */
function pagesText(v: 1 | 2 | 3, writer: string, c: PagesContent): string {
  if (v === 1) return JSON.stringify([c.scene, writer, c.player, c.h]);
  const role = c.gm ? 'gm' : 'player';
  return JSON.stringify(
    v === 2 ? [c.scene, writer, c.player, role, c.h] : [c.scene, writer, c.player, role, c.h, c.p ?? []],
  );
}

/** This writer's signature of his pages, as it travels, or null (the browser could not sign). */
export async function signPages(
  codec: Codec,
  secret: string,
  publicKey: string,
  writer: string,
  c: PagesContent,
): Promise<PagesSignature | null> {
  const p = (c.p ?? []).filter((d) => d !== c.h).slice(0, SIGNED_EARLIER);
  const sig = await sign(codec, secret, PAGES_DOMAIN[3], pagesText(3, writer, { ...c, p }));
  return sig ? { v: 3, scene: c.scene, player: c.player, gm: c.gm, h: c.h, p, key: publicKey, sig } : null;
}

export const verifyPages = (codec: Codec, writer: string, s: PagesSignature): Promise<boolean> =>
  verify(codec, s.key, s.sig, PAGES_DOMAIN[s.v], pagesText(s.v, writer, s));

export function readPagesSignature(value: unknown): PagesSignature | null {
  const s = value as Partial<PagesSignature> | null;
  if (!s || typeof s !== 'object' || (s.v !== 1 && s.v !== 2 && s.v !== 3)) return null;
  if (
    typeof s.scene !== 'string' ||
    typeof s.player !== 'string' ||
    s.player.length > 200 ||
    typeof s.h !== 'string' ||
    s.h.length > 64
  )
    return null;
  if (typeof s.key !== 'string' || !PUBLIC_KEY.test(s.key) || typeof s.sig !== 'string' || !SIGNATURE.test(s.sig))
    return null;
  if (s.v !== 1 && typeof s.gm !== 'boolean') return null;
  const p: unknown = s.v === 3 ? s.p : [];
  if (
    !Array.isArray(p) ||
    p.length > SIGNED_EARLIER ||
    !p.every((d): d is string => typeof d === 'string' && d.length <= 64)
  )
    return null;
  return {
    v: s.v,
    scene: s.scene,
    player: s.player,
    gm: s.v === 1 || s.gm === true,
    h: s.h,
    p,
    key: s.key,
    sig: s.sig,
  };
}
