/** The runtime dependencies, each justified in the README's "Dependencies"; nothing else may reach a bundle. */
export const RUNTIME_DEPENDENCIES = ['@owlbear-rodeo/sdk', 'preact', 'valibot', 'webextension-polyfill'];
