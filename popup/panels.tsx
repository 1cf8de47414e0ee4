import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { SystemId } from '../src/rules';
import type { StoredGame } from '../src/store/root';
import type { Send } from './App';

export interface PanelProps<K extends SystemId> {
  readonly game: StoredGame<K>;
  readonly send: Send;
}

export type Panel<K extends SystemId> = (props: PanelProps<K>) => JSX.Element;

/**
 * One panel per rule system, loaded when the player opens that system: the popup carries only the
 * shell and the system in use. A system without a panel does not compile.
 */
export const PANELS: { readonly [K in SystemId]: () => Promise<Panel<K>> } = {
  'hd-command': async () => (await import('./hd-command/Panel')).HdCommandPanel,
  'hd-modifiers': async () => (await import('./hd-modifiers/Panel')).HdModifiersPanel,
  dc: async () => (await import('./dc/Panel')).DcPanel,
  bdc: async () => (await import('./bdc/Panel')).BdcPanel,
  cr: async () => (await import('./cr/Panel')).CrPanel,
};

/** The panel of `system`, or null while its code loads. */
export function usePanel(system: SystemId): Panel<SystemId> | null {
  const [loaded, setLoaded] = useState<{ system: SystemId; panel: Panel<SystemId> } | null>(null);
  useEffect(() => {
    let current = true;
    // PANELS pairs each system with its panel; TypeScript cannot follow the pairing through an indexed lookup.
    void (PANELS[system] as () => Promise<Panel<SystemId>>)().then((panel) => {
      if (current) setLoaded({ system, panel });
    });
    return () => {
      current = false;
    };
  }, [system]);
  return loaded?.system === system ? loaded.panel : null;
}
