import { createContext, type ComponentChildren } from 'preact';
import { useContext, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { useTr } from '../context';

/*
 * The popup asks in itself, never with the browser's confirm(): a native dialog blocks the whole
 * browser window, cannot be styled or translated beyond its message, and closes the popup in Firefox.
 */

export interface ConfirmRequest {
  /** What will happen, in a sentence. */
  readonly message: string;
  /** The button that does it ("Start a new game", "Delete"). */
  readonly confirm: string;
  /** Offer to export the active game first (a new game, an import, a restore replace it). */
  readonly offerExport?: boolean;
}

export type AskConfirm = (request: ConfirmRequest) => Promise<boolean>;

const ConfirmContext = createContext<AskConfirm>(() => Promise.resolve(false));

/** Asks the player in the popup; resolves true only when the confirm button was pressed. */
export const useConfirm = (): AskConfirm => useContext(ConfirmContext);

interface Pending {
  readonly request: ConfirmRequest;
  readonly answer: (yes: boolean) => void;
}

/** Holds the one open question and shows it over the popup; `exportGame` backs the "export first" offer. */
export function ConfirmHost({ exportGame, children }: { exportGame: () => boolean; children: ComponentChildren }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const ask: AskConfirm = useRef<AskConfirm>((request) => {
    // The element that asked gets the focus back when the question closes.
    const from = document.activeElement as HTMLElement | null;
    return new Promise<boolean>((resolve) =>
      setPending({
        request,
        answer: (yes) => {
          setPending(null);
          resolve(yes);
          if (from?.isConnected) from.focus();
        },
      }),
    );
  }).current;
  return (
    <ConfirmContext.Provider value={ask}>
      {children}
      {pending && <ConfirmDialog pending={pending} exportGame={exportGame} />}
    </ConfirmContext.Provider>
  );
}

function ConfirmDialog({ pending, exportGame }: { pending: Pending; exportGame: () => boolean }) {
  const tr = useTr();
  const { request, answer } = pending;
  const [exported, setExported] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  // The focus moves into the question at once, on its safe answer.
  useLayoutEffect(() => cancel.current?.focus(), [pending]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      answer(false);
      return;
    }
    // The focus stays inside while the question is open (the page behind is inert).
    if (e.key !== 'Tab') return;
    const buttons = [...(box.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = e.shiftKey ? (at <= 0 ? buttons.length - 1 : at - 1) : at === buttons.length - 1 ? 0 : at + 1;
    e.preventDefault();
    buttons[next]?.focus();
  };
  return (
    <div class="confirm-backdrop">
      <div
        ref={box}
        class="confirm"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        aria-describedby="confirm-message"
        data-testid="confirm"
        onKeyDown={onKeyDown}
      >
        <h2 id="confirm-title">{tr('confirm_title')}</h2>
        <p id="confirm-message">{request.message}</p>
        {request.offerExport && (
          <p class="row">
            <button type="button" data-testid="confirm-export" onClick={() => setExported(exportGame())}>
              {tr('confirm_export_first')}
            </button>
            {exported && (
              <span class="hint" role="status" data-testid="confirm-exported">
                {tr('confirm_exported')}
              </span>
            )}
          </p>
        )}
        <div class="row confirm-answers">
          <button type="button" ref={cancel} data-testid="confirm-cancel" onClick={() => answer(false)}>
            {tr('confirm_cancel')}
          </button>
          <button type="button" class="primary" data-testid="confirm-yes" onClick={() => answer(true)}>
            {request.confirm}
          </button>
        </div>
      </div>
    </div>
  );
}
