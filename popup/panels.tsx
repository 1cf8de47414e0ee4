import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { SystemId } from '../src/rules/ids';
import type { ConfigOf } from '../src/rules/types';
import type { StoredGame } from '../src/store/root';
import type { Send } from './App';

export interface PanelProps<K extends SystemId> {
  readonly game: StoredGame<K>;
  readonly send: Send;
}

export type Panel<K extends SystemId> = (props: PanelProps<K>) => JSX.Element;

/** A system's panel with its rules' default settings (for a game not started yet). */
export interface LoadedPanel<K extends SystemId> {
  readonly Panel: Panel<K>;
  readonly defaultConfig: ConfigOf<K>;
}

const load = <K extends SystemId>(panel: Promise<Panel<K>>, rules: Promise<{ defaultConfig: ConfigOf<K> }>): Promise<LoadedPanel<K>> =>
  Promise.all([panel, rules]).then(([Panel, system]) => ({ Panel, defaultConfig: system.defaultConfig }));

/**
 * One panel per rule system, loaded with its rules when the player opens that system: the popup's
 * first load carries only the shell. A system without a panel does not compile.
 */
export const PANELS: { readonly [K in SystemId]: () => Promise<LoadedPanel<K>> } = {
  'hd-command': () => load(import('./hd-command/Panel').then((m) => m.HdCommandPanel), import('../src/rules/hd-command').then((m) => m.hdCommand)),
  'hd-modifiers': () => load(import('./hd-modifiers/Panel').then((m) => m.HdModifiersPanel), import('../src/rules/hd-modifiers').then((m) => m.hdModifiers)),
  bdc: () => load(import('./bdc/Panel').then((m) => m.BdcPanel), import('../src/rules/bdc').then((m) => m.bdc)),
  dc: () => load(import('./dc/Panel').then((m) => m.DcPanel), import('../src/rules/dc').then((m) => m.dc)),
  cr: () => load(import('./cr/Panel').then((m) => m.CrPanel), import('../src/rules/cr').then((m) => m.commandRoll)),
};

/** The panel of `system`, or null while its code loads. */
export function usePanel(system: SystemId): LoadedPanel<SystemId> | null {
  const [loaded, setLoaded] = useState<{ system: SystemId; panel: LoadedPanel<SystemId> } | null>(null);
  useEffect(() => {
    let current = true;
    // PANELS pairs each system with its panel; TypeScript cannot follow the pairing through an indexed lookup.
    void (PANELS[system] as () => Promise<LoadedPanel<SystemId>>)().then((panel) => {
      if (current) setLoaded({ system, panel });
    });
    return () => {
      current = false;
    };
  }, [system]);
  return loaded?.system === system ? loaded.panel : null;
}
