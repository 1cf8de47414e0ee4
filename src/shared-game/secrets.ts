// A client's secret values (a hidden roll's value, sealed until it is shown): what it keeps of them,
// and the seal that stands for one on the table until then.
import { SEAL_PREFIX } from '../game/seal';
import type { Codec } from './model';

/** This client's own secret values (seal → salt and value), kept where only it can read them. */
export interface SecretKeeper {
  get(seal: string): { readonly salt: string; readonly value: string } | undefined;
  put(seal: string, salt: string, value: string): void;
  /** Every seal this client holds, with its value. */
  values(): ReadonlyMap<string, string>;
}

export class MemorySecrets implements SecretKeeper {
  private readonly map = new Map<string, { salt: string; value: string }>();
  get(seal: string) {
    return this.map.get(seal);
  }
  put(seal: string, salt: string, value: string) {
    this.map.set(seal, { salt, value });
  }
  values() {
    return new Map([...this.map].map(([k, v]) => [k, v.value]));
  }
}

/** Commitment of a secret value: the seal prefix and the first 128 bits of SHA-256(salt|value) (hex, as the codec gives it), in base 36. */
export async function sealOf(codec: Codec, salt: string, value: string): Promise<string> {
  const hex = (await codec.hash(`${salt}|${value}`)).slice(0, 32);
  return `${SEAL_PREFIX}${BigInt(`0x${hex}`).toString(36)}`;
}
