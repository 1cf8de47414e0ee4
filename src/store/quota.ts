/** storage.local's quota in Chromium (10 MiB without `unlimitedStorage`); the user is told from QUOTA_WARN of it. */
export const QUOTA_BYTES = 10 * 1024 * 1024;
export const QUOTA_WARN = 0.8;
