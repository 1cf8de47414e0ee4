// The values the worker keeps beside the store, each read through its own reader: checked when the
// worker starts, a damaged part replaced alone (the whole old value kept as a backup, with a notice),
// and restorable from the backups list (src/store/service.ts, Sidecar).
import { DEMO_KEY } from '../src/adapters/demo/model';
import { readDemo } from '../src/adapters/demo/schema';
import { repairSettings, ROLL20_SETTINGS_KEY } from '../src/adapters/roll20/settings';
import type { Sidecar } from '../src/store/service';

export const SIDECARS: Readonly<Record<string, Sidecar>> = {
  // The Roll20 board settings: each damaged field takes its default alone.
  [ROLL20_SETTINGS_KEY]: {
    read: (raw) => {
      const { settings, damaged } = repairSettings(raw);
      return { value: settings, damaged };
    },
    notice: (fields, backupKey, at) => ({
      kind: 'settings-repaired',
      fields: fields.slice(0, 20).map((f) => f.slice(0, 32)),
      backupKey,
      at,
    }),
  },
  // The demo table's boards: a board that does not read is laid out again from its example by the demo page.
  [DEMO_KEY]: {
    read: (raw) => {
      const { boards, damaged } = readDemo(raw);
      return { value: { version: 1, boards }, damaged };
    },
    notice: (systems, backupKey, at) => ({
      kind: 'demo-repaired',
      systems: systems.slice(0, 20).map((s) => s.slice(0, 32)),
      backupKey,
      at,
    }),
  },
};
