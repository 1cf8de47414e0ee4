/** The runtime dependencies, each justified in the README's "Dependencies"; nothing else may reach a bundle. */
export const RUNTIME_DEPENDENCIES = [
  '@noble/hashes',
  '@owlbear-rodeo/sdk',
  'js-base64',
  'preact',
  'valibot',
  'webextension-polyfill',
];
