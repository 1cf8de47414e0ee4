// The pages' Ed25519 (content/codec.ts `webCryptoSigning`), as Node's WebCrypto runs it: imported keys
// are kept, so a bad one must neither be kept nor spoil a good one.
import { expect, it } from 'vitest';
import { webCryptoSigning as signing } from '../../../content/codec';

it('signs and checks with kept keys; a key that does not import is refused each time and spoils nothing', async () => {
  const secret = (await signing.newSecret())!;
  const publicKey = (await signing.publicKey(secret))!;
  const other = (await signing.publicKey((await signing.newSecret())!))!;
  for (let i = 0; i < 3; i++) {
    const sig = await signing.sign(secret, `text ${i}`);
    expect(await signing.verify(publicKey, sig, `text ${i}`)).toBe(true);
    expect(await signing.verify(publicKey, sig, `text ${i + 1}`), 'another text').toBe(false);
    expect(await signing.verify(other, sig, `text ${i}`), 'another key').toBe(false);
  }
  for (let i = 0; i < 2; i++) {
    await expect(signing.sign('00ff', 'text'), 'not a PKCS #8 key').rejects.toThrow();
    await expect(signing.sign('not hex', 'text')).rejects.toThrow();
    await expect(signing.verify('00ff', '00'.repeat(64), 'text'), 'not a public key').rejects.toThrow();
  }
  expect(await signing.verify(publicKey, await signing.sign(secret, 'again'), 'again')).toBe(true);
});
