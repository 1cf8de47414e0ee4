import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { AnyDescriptor } from '../src/rules/descriptor';
import type { SystemId } from '../src/rules/ids';
import { LOADERS } from '../src/rules/load';
import type { StoredGame } from '../src/store/root';
import type { Send } from './context';

export interface PanelProps<K extends SystemId> {
  readonly game: StoredGame<K>;
  readonly send: Send;
}

export type Panel<K extends SystemId> = (props: PanelProps<K>) => JSX.Element;

/** A system's panel with its descriptor (rules, board binding), loaded together. */
export interface LoadedPanel<K extends SystemId> {
  readonly Panel: Panel<K>;
  readonly descriptor: AnyDescriptor;
}

const load = <K extends SystemId>(system: K, panel: Promise<Panel<K>>): Promise<LoadedPanel<K>> =>
  Promise.all([panel, LOADERS[system]()]).then(([Panel, descriptor]) => ({ Panel, descriptor }));

/**
 * Each rule system's panel (popup/<id>/), loaded with its descriptor when the player opens that
 * system: the popup's first load carries only the shell. A system without a panel does not compile.
 */
export const PANELS: { readonly [K in SystemId]: () => Promise<LoadedPanel<K>> } = {
  'hd-command': () =>
    load(
      'hd-command',
      import('./hd-command/Panel').then((m) => m.HdCommandPanel),
    ),
  'hd-modifiers': () =>
    load(
      'hd-modifiers',
      import('./hd-modifiers/Panel').then((m) => m.HdModifiersPanel),
    ),
  bdc: () =>
    load(
      'bdc',
      import('./bdc/Panel').then((m) => m.BdcPanel),
    ),
  dc: () =>
    load(
      'dc',
      import('./dc/Panel').then((m) => m.DcPanel),
    ),
  cr: () =>
    load(
      'cr',
      import('./cr/Panel').then((m) => m.CrPanel),
    ),
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
