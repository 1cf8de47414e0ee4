// The codec of the shared game's checkpoint parts (src/shared-game/model.ts `Codec`): deflate and base64
// with the browser's own CompressionStream, SHA-256 commitments and Ed25519 signatures with WebCrypto.
// Nothing to bundle. The same on every tabletop's page that plays the shared game: Owlbear's pages
// (owlbear/session.ts) and a Roll20 tab's table (./roll20-table.ts).
import type { Codec } from '../src/shared-game/model';

const toBase64 = (bytes: Uint8Array): string => {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
};

const fromBase64 = (text: string): Uint8Array => {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
};

async function pipe(
  bytes: Uint8Array,
  stream: CompressionStream | DecompressionStream,
  max = Infinity,
): Promise<Uint8Array> {
  const writer = stream.writable.getWriter();
  void writer
    .write(bytes as Uint8Array<ArrayBuffer>)
    .then(() => writer.close())
    .catch(() => undefined);
  const reader = stream.readable.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    // A forged key must not blow up a client: stop reading past the limit.
    if (total > max) {
      await reader.cancel();
      throw new Error(`unpacked game larger than ${max} bytes`);
    }
    parts.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const hex = (bytes: ArrayBuffer | Uint8Array): string =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
const unhex = (text: string): Uint8Array<ArrayBuffer> => {
  if (!/^(?:[0-9a-f]{2})+$/.test(text)) throw new Error('not hex');
  return new Uint8Array(text.match(/../g)!.map((b) => parseInt(b, 16)));
};
const utf8 = (text: string) => new TextEncoder().encode(text);
const ED25519 = { name: 'Ed25519' } as const;

/**
 * Imported keys, kept: importing costs as much as signing (one more trip to the browser's crypto
 * thread), and a page signs with one secret and checks a handful of public keys all evening. A key
 * that fails to import is not kept. Bounded: the oldest goes first.
 */
function importer(max: number, make: (text: string) => Promise<CryptoKey>): (text: string) => Promise<CryptoKey> {
  const keys = new Map<string, Promise<CryptoKey>>();
  return (text) => {
    const known = keys.get(text);
    if (known) return known;
    const made = make(text);
    made.catch(() => keys.delete(text));
    keys.set(text, made);
    if (keys.size > max) keys.delete(keys.keys().next().value!);
    return made;
  };
}
const signingKey = importer(4, (secret) => crypto.subtle.importKey('pkcs8', unhex(secret), ED25519, false, ['sign']));
const checkingKey = importer(256, (publicKey) =>
  crypto.subtle.importKey('raw', unhex(publicKey), ED25519, false, ['verify']),
);

/** Ed25519 with WebCrypto (Chromium 137+, Firefox 129+, Node 20): the secret kept as hex PKCS #8. Shared by the Node tests' codec. */
export const webCryptoSigning: Pick<Codec, 'newSecret' | 'publicKey' | 'sign' | 'verify'> = {
  async newSecret() {
    try {
      const pair = (await crypto.subtle.generateKey(ED25519, true, ['sign', 'verify'])) as CryptoKeyPair;
      return hex(await crypto.subtle.exportKey('pkcs8', pair.privateKey));
    } catch {
      return null;
    }
  },
  async publicKey(secret) {
    try {
      const key = await crypto.subtle.importKey('pkcs8', unhex(secret), ED25519, true, ['sign']);
      const x = (await crypto.subtle.exportKey('jwk', key)).x;
      return x
        ? hex(
            fromBase64(
              x
                .replace(/-/g, '+')
                .replace(/_/g, '/')
                .padEnd(Math.ceil(x.length / 4) * 4, '='),
            ),
          )
        : null;
    } catch {
      return null;
    }
  },
  async sign(secret, text) {
    return hex(await crypto.subtle.sign(ED25519, await signingKey(secret), utf8(text)));
  },
  async verify(publicKey, signature, text) {
    return crypto.subtle.verify(ED25519, await checkingKey(publicKey), unhex(signature), utf8(text));
  },
};

export const browserCodec: Codec = {
  ...webCryptoSigning,
  async pack(text) {
    return toBase64(await pipe(new TextEncoder().encode(text), new CompressionStream('deflate-raw')));
  },
  async unpack(packed, maxChars) {
    // UTF-8 takes at most 4 bytes a character; the text is checked again once decoded.
    const bytes = await pipe(fromBase64(packed), new DecompressionStream('deflate-raw'), maxChars * 4);
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    if (text.length > maxChars) throw new Error(`unpacked game longer than ${maxChars} characters`);
    return text;
  },
  async hash(text) {
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
    return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
  },
};
