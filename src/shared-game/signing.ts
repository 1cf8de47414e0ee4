// Proof of authorship that any client can check, across reloads, refreshes and returns: each browser
// keeps one Ed25519 key of its own (the Keeper), publishes its public half where only its holder writes
// (its record: on Owlbear, its own player metadata, which Owlbear ties to a player id and role), and a
// game master's client signs every checkpoint it writes with it. A checkpoint carries its signer's
// public key and signature; a reader plays it only if that key is one it trusts as a game master's for
// the scene (./trust.ts). The arithmetic is the browser's own WebCrypto, through the tabletop's codec
// (./model.ts `Codec`): nothing to bundle, and the same in Node for the tests.
import type { Codec } from './model';

/** A public key or a signature as it travels: lowercase hex (64 and 128 characters). */
export const PUBLIC_KEY = /^[0-9a-f]{64}$/;
export const SIGNATURE = /^[0-9a-f]{128}$/;

/** What a checkpoint's signature covers: this prefix, then the head's canonical JSON without its signature (./checkpoint.ts `signedText`). */
const CHECKPOINT_DOMAIN = 'command-post/checkpoint/2\n';

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

export async function signCheckpoint(codec: Codec, secret: string, text: string): Promise<string | null> {
  try {
    const sig = await codec.sign(secret, CHECKPOINT_DOMAIN + text);
    return SIGNATURE.test(sig) ? sig : null;
  } catch {
    return null;
  }
}

export async function verifyCheckpoint(codec: Codec, publicKey: string, signature: string, text: string): Promise<boolean> {
  if (!PUBLIC_KEY.test(publicKey) || !SIGNATURE.test(signature)) return false;
  try {
    return await codec.verify(publicKey, signature, CHECKPOINT_DOMAIN + text);
  } catch {
    return false;
  }
}
