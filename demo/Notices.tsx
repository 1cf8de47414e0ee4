// What the page tells the player above the board: the stored game's notices (damaged, unreachable,
// no game yet) and the dialog that asks before a scene replaces a game.
import { useEffect, useRef } from 'preact/hooks';
import type { SceneId } from '../src/adapters/demo/scenes';
import type { SystemId } from '../src/rules/ids';
import type { DemoState, DemoTable } from './table';
import { systemName, type Tr } from './words';

export function Notices({
  state,
  system,
  scene,
  table,
  tr,
}: {
  state: DemoState;
  system: SystemId;
  scene: SceneId;
  table: DemoTable;
  tr: Tr;
}) {
  const n = state.notice;
  return (
    <div class="demo-notices" role="status" data-testid="demo-notice" data-kind={n?.kind ?? ''}>
      {n?.kind === 'damaged' && <p class="notice">{tr('demo_notice_damaged')}</p>}
      {n?.kind === 'unreachable' && <p class="notice">{tr('demo_notice_unreachable')}</p>}
      {n?.kind === 'unbound' && (
        <p class="notice">
          {tr('demo_notice_unbound', systemName(tr, system))}{' '}
          <button
            type="button"
            class="small"
            data-testid="demo-load-example"
            onClick={() => void table.loadExample(scene)}
          >
            {tr('demo_load_example')}
          </button>
        </p>
      )}
    </div>
  );
}

export function Confirm({ system, answer, tr }: { system: SystemId; answer: (yes: boolean) => void; tr: Tr }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  return (
    <dialog ref={ref} class="confirm" data-testid="demo-confirm" onCancel={(e) => (e.preventDefault(), answer(false))}>
      <p>{tr('demo_replace_confirm', systemName(tr, system))}</p>
      <div class="row">
        <button type="button" class="primary" data-testid="demo-confirm-yes" onClick={() => answer(true)}>
          {tr('demo_replace_yes')}
        </button>
        <button type="button" data-testid="demo-confirm-no" onClick={() => answer(false)}>
          {tr('demo_replace_no')}
        </button>
      </div>
    </dialog>
  );
}
