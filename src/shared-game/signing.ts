// Proof of authorship that any client can check, across reloads, refreshes and returns: each browser
// keeps one Ed25519 key of its own (the Keeper), publishes its public half where only its holder writes
// (its record: on Owlbear, its own player metadata, which Owlbear ties to a player id and role), and
// signs with it every page it writes (game master or player) and, on a game master's client, every
// checkpoint. A checkpoint carries its signer's
// public key and signature; a reader plays it only if that key is one it trusts as a game master's for
// the scene (./trust.ts). The arithmetic is the browser's own WebCrypto, through the tabletop's codec
// (./model.ts `Codec`): nothing to bundle, and the same in Node for the tests.
import type { Codec } from './model';

/** A public key or a signature as it travels: lowercase hex (64 and 128 characters). */
export const PUBLIC_KEY = /^[0-9a-f]{64}$/;
export const SIGNATURE = /^[0-9a-f]{128}$/;

/** What a checkpoint's signature covers: this prefix, then the head's canonical JSON without its signature (./checkpoint.ts `signedText`). */
const CHECKPOINT_DOMAIN = 'command-post/checkpoint/2\n';
/** What a writer's signature of his pages covers: this prefix, then `pagesText`. Version 1 (a game master's, before players signed too) named no role. */
const PAGES_DOMAIN = { 1: 'command-post/pages/1\n', 2: 'command-post/pages/2\n' } as const;

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
  readonly v: 1 | 2;
  readonly scene: string;
  readonly player: string;
  /** The role he signed them in (version 1: a game master's). */
  readonly gm: boolean;
  /** His pages' digest. */
  readonly h: string;
  readonly key: string;
  readonly sig: string;
}

export type PagesContent = Pick<PagesSignature, 'scene' | 'player' | 'gm' | 'h'>;

/** What a writer signs of his pages: the scene, his writer, his player, his role, and his pages' digest (./records.ts `digestText`). */
function pagesText(v: 1 | 2, writer: string, c: PagesContent): string {
  return JSON.stringify(
    v === 1 ? [c.scene, writer, c.player, c.h] : [c.scene, writer, c.player, c.gm ? 'gm' : 'player', c.h],
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
  const sig = await sign(codec, secret, PAGES_DOMAIN[2], pagesText(2, writer, c));
  return sig ? { v: 2, scene: c.scene, player: c.player, gm: c.gm, h: c.h, key: publicKey, sig } : null;
}

export const verifyPages = (codec: Codec, writer: string, s: PagesSignature): Promise<boolean> =>
  verify(codec, s.key, s.sig, PAGES_DOMAIN[s.v], pagesText(s.v, writer, s));

export function readPagesSignature(value: unknown): PagesSignature | null {
  const s = value as Partial<PagesSignature> | null;
  if (!s || typeof s !== 'object' || (s.v !== 1 && s.v !== 2)) return null;
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
  if (s.v === 2 && typeof s.gm !== 'boolean') return null;
  return { v: s.v, scene: s.scene, player: s.player, gm: s.v === 1 || s.gm === true, h: s.h, key: s.key, sig: s.sig };
}
