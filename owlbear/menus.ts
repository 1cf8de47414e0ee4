// The context-menu entries on tokens (registered by the background page, so that every player has
// them): a token's side, its unit, leader or figure, radio, dead. Each writes Command Post's tag in
// the token's metadata (TOKEN_KEY); what each entry does is src/adapters/owlbear/menu.ts.
import OBR, { type ContextMenuIcon, type Image, type KeyFilter } from '@owlbear-rodeo/sdk';
import { NAMESPACE, TOKEN_KEY } from '../src/adapters/owlbear/keys';
import { menuTags, type MenuAction } from '../src/adapters/owlbear/menu';
import { text } from '../src/i18n/text';
import type { Strings } from './i18n';
import { rateLimited, type Pace } from './pace';

/** Tokens: images on the character or mount layer (as Owlbear's initiative tracker filters them). */
const TOKENS: KeyFilter[] = [
  { key: 'layer', value: 'CHARACTER', coordinator: '||' },
  { key: 'layer', value: 'MOUNT' },
  { key: 'type', value: 'IMAGE' },
];

const icon = (file: string): string => new URL(`icons/${file}`, location.href).href;

/** Each entry: its action, its icon, and the label when every token already has it (the entry then takes it off). */
const ENTRIES: readonly {
  action: MenuAction;
  file: string;
  on: string;
  off: string;
  key: string;
  value: unknown;
  min?: number;
}[] = [
  {
    action: 'side-1',
    file: 'side1.svg',
    on: 'owlbear_menu_side_1',
    off: 'owlbear_menu_no_side',
    key: 'side',
    value: '1',
  },
  {
    action: 'side-2',
    file: 'side2.svg',
    on: 'owlbear_menu_side_2',
    off: 'owlbear_menu_no_side',
    key: 'side',
    value: '2',
  },
  {
    action: 'leader',
    file: 'leader.svg',
    on: 'owlbear_menu_leader',
    off: 'owlbear_menu_figure',
    key: 'role',
    value: 'leader',
  },
  {
    action: 'radio',
    file: 'radio.svg',
    on: 'owlbear_menu_radio',
    off: 'owlbear_menu_no_radio',
    key: 'radio',
    value: true,
  },
  { action: 'dead', file: 'dead.svg', on: 'owlbear_menu_dead', off: 'owlbear_menu_alive', key: 'dead', value: true },
];

export function registerMenus(strings: Strings, pace: Pace): void {
  const tr = (key: string) => strings.t(text(key));
  for (const e of ENTRIES) {
    const has: KeyFilter = { key: ['metadata', TOKEN_KEY, e.key], value: e.value };
    const icons: ContextMenuIcon[] = [
      { icon: icon(e.file), label: tr(e.off), filter: { every: [...TOKENS, has], permissions: ['UPDATE'] } },
      { icon: icon(e.file), label: tr(e.on), filter: { every: TOKENS, permissions: ['UPDATE'] } },
    ];
    void OBR.contextMenu.create({
      id: `${NAMESPACE}/menu/${e.action}`,
      icons,
      onClick: (context) => void apply(e.action, context.items as Image[], pace),
    });
  }
  // Several tokens: one unit; a single token in a unit: out of it.
  void OBR.contextMenu.create({
    id: `${NAMESPACE}/menu/unit`,
    icons: [
      {
        icon: icon('unit.svg'),
        label: tr('owlbear_menu_unit'),
        filter: { min: 2, every: TOKENS, permissions: ['UPDATE'] },
      },
      {
        icon: icon('unit.svg'),
        label: tr('owlbear_menu_no_unit'),
        filter: {
          max: 1,
          every: [...TOKENS, { key: ['metadata', TOKEN_KEY, 'unit'], value: undefined, operator: '!=' }],
          permissions: ['UPDATE'],
        },
      },
    ],
    onClick: (context) => void apply('unit', context.items as Image[], pace),
  });
}

const newUnit = (): string =>
  `u-${[...crypto.getRandomValues(new Uint8Array(4))].map((b) => b.toString(16).padStart(2, '0')).join('')}`;

/** Menu clicks one after the other: each reads the tokens as the previous one left them. */
let queue: Promise<unknown> = Promise.resolve();

/** How many times a click refused as too soon is written again before it is given up (about 15 s of backoff). */
export const MENU_TRIES = 6;

/**
 * Writes the new tags of the tokens the menu was opened on. The tags are computed from the items as
 * Owlbear holds them when the write is made (the SDK reads them again by id), not as they were when
 * the menu opened, so that quick clicks build on one another. The write takes its turn with this
 * connection's other writes (./pace.ts): a click Owlbear refuses as too soon is written again, backed off.
 */
export function apply(action: MenuAction, items: readonly Image[], pace: Pace): Promise<void> {
  const ids = items.map((i) => i.id);
  const write = () =>
    OBR.scene.items.updateItems(ids, (drafts) => {
      const tags = menuTags(
        action,
        drafts.map((d) => ({ id: d.id, metadata: (d.metadata ?? {}) as Record<string, unknown> })),
        newUnit,
      );
      for (const d of drafts) {
        const tag = tags.get(d.id);
        if (tag) d.metadata[TOKEN_KEY] = tag;
      }
    });
  const run = queue.then(async () => {
    for (let tries = 1; ; tries++) {
      await pace.turn();
      try {
        await write();
        pace.accepted();
        return;
      } catch (e) {
        if (!rateLimited(e) || tries >= MENU_TRIES) throw e;
        pace.refused();
      }
    }
  });
  queue = run.catch(() => undefined);
  return run;
}
