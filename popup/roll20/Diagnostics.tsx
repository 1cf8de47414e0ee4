// The Roll20 part's "Copy diagnostics" button: the tab's redacted JSON to the clipboard, or shown to copy by hand.
import { useState } from 'preact/hooks';
import type { BoardData } from '../context';
import type { Tr } from '../board/at';

/**
 * "Copy diagnostics": the tab's redacted JSON to the clipboard, for a bug report. A click may write
 * the clipboard without a permission in Chromium and Firefox (docs/firefox.md); when the browser
 * refuses, the JSON is shown in a box to copy by hand.
 */
export function Diagnostics({ live, tr }: { live: BoardData['live']; tr: Tr }) {
  const [state, setState] = useState<{ kind: 'idle' | 'copied' | 'failed' } | { kind: 'manual'; text: string }>({
    kind: 'idle',
  });
  const copy = async () => {
    const data = await live.diagnostics();
    if (data === null || typeof data !== 'object') return setState({ kind: 'failed' });
    const text = JSON.stringify(data, null, 2);
    try {
      await navigator.clipboard.writeText(text);
      setState({ kind: 'copied' });
    } catch {
      setState({ kind: 'manual', text });
    }
  };
  return (
    <div class="r20-diagnostics">
      <p class="row">
        <button type="button" class="small" data-testid="r20-diagnostics" onClick={() => void copy()}>
          {tr('r20_diagnostics')}
        </button>{' '}
        {state.kind === 'copied' && (
          <span role="status" class="hint" data-testid="r20-diagnostics-done">
            {tr('r20_diagnostics_copied')}
          </span>
        )}
        {state.kind === 'failed' && (
          <span role="alert" class="hint" data-testid="r20-diagnostics-failed">
            {tr('r20_diagnostics_failed')}
          </span>
        )}
      </p>
      <p class="hint">{tr('r20_diagnostics_hint')}</p>
      {state.kind === 'manual' && (
        <label class="field">
          {tr('r20_diagnostics_manual')}
          <textarea
            data-testid="r20-diagnostics-text"
            readOnly
            rows={6}
            value={state.text}
            onFocus={(e) => e.currentTarget.select()}
          />
        </label>
      )}
    </div>
  );
}
