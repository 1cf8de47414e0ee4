import { useEffect, useMemo, useState } from 'preact/hooks';
import type { RuleError } from '../src/game/result';
import { errorText } from '../src/i18n/errors';
import type { Request } from '../src/messages';
import { storedGame, type StoreRoot } from '../src/store/root';
import type { PopupApi } from './api';
import { ApiContext, useTr } from './context';
import { RuleLookup } from './lookup/Opener';
import { usePanel } from './panels';
import { LiveSection } from './roll20/LiveSection';
import { SystemPicker } from './SystemPicker';
import { StoreNoticeBanner } from './StoreNotice';

/** Sends a request; on refusal the popup shows the reason and keeps the root it had. */
export type Send = (request: Request) => Promise<boolean>;

export function App({ api }: { api: PopupApi }) {
  return (
    <ApiContext.Provider value={api}>
      <Shell api={api} />
    </ApiContext.Provider>
  );
}

function Shell({ api }: { api: PopupApi }) {
  const tr = useTr();
  const [root, setRoot] = useState<StoreRoot | null>(null);
  const [refusal, setRefusal] = useState<RuleError | null>(null);

  useEffect(() => {
    const unsubscribe = api.subscribe(setRoot);
    void api.send({ type: 'store/load' }).then((response) => {
      if (response.ok) setRoot(response.root);
      else setRefusal(response.error);
    });
    return unsubscribe;
  }, [api]);

  const send: Send = useMemo(
    () => async (request) => {
      const response = await api.send(request);
      if (!response.ok) {
        setRefusal(response.error);
        return false;
      }
      setRefusal(null);
      setRoot(response.root);
      return true;
    },
    [api],
  );

  return (
    <main class="popup">
      <header class="app-header">
        <h1>{tr('extName')}</h1>
        {root && <SystemPicker active={root.activeSystem} onPick={(system) => void send({ type: 'store/select-system', system })} />}
        <RuleLookup root={root} />
      </header>
      {root?.notice && <StoreNoticeBanner notice={root.notice} onDismiss={() => void send({ type: 'store/dismiss-notice' })} />}
      {/* Refusals are announced at once; the state shown is the one that was kept. */}
      <div class="refusal" role="alert" data-testid="refusal">
        {refusal && api.t(errorText(refusal))}
      </div>
      {root && <LiveSection root={root} send={send} />}
      {root ? <ActivePanel root={root} send={send} /> : <p aria-busy="true">{tr('loading')}</p>}
    </main>
  );
}

function ActivePanel({ root, send }: { root: StoreRoot; send: Send }) {
  const tr = useTr();
  const loaded = usePanel(root.activeSystem);
  if (!loaded) return <p aria-busy="true">{tr('loading')}</p>;
  const { Panel, defaultConfig } = loaded;
  return <Panel game={storedGame(root, root.activeSystem, defaultConfig)} send={send} />;
}
