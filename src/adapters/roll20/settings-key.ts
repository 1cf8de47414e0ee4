/** Where the Roll20 board settings are stored (./settings.ts): a key of its own, so that reading the key does not load the settings' checks. */
export const ROLL20_SETTINGS_KEY = 'commandPost.roll20';
