import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { errorText } from '../src/i18n/errors';
import type { SystemId } from '../src/rules/ids';
import { storedGame, type StoreRoot } from '../src/store/root';
import type { PopupApi } from './api';
import type { ComponentChildren } from 'preact';
import {
  ActionsContext,
  ApiContext,
  BoardContext,
  EMPTY_BINDING,
  GameBoardContext,
  useApi,
  useBoard,
  useTr,
  type BoardData,
  type GameBoard,
  type Send,
} from './context';
import { StoreContext, useStore } from './store';
import { RuleLookup } from './lookup/Opener';
import { usePanel } from './panels';
import { SystemPicker } from './SystemPicker';
import { StoreNotices } from './StoreNotice';
import type { BoardSection as BoardSectionView } from './board/BoardSection';
import { ConfirmHost } from './components/Confirm';
import type { Files as FilesView, FilesProps } from './files/Files';
import { DraftContext, memoryDrafts, type DraftStore } from './drafts';
import { NoticeContext, type ActionNotice } from './notice';

/** `drafts`: where choices in progress are kept while the popup is closed (in memory when not given). */
export function App({ api, drafts }: { api: PopupApi; drafts?: Promise<DraftStore> }) {
  return (
    <ApiContext.Provider value={api}>
      <Shell api={api} drafts={drafts} />
    </ApiContext.Provider>
  );
}

function Shell({ api, drafts: draftsLoading }: { api: PopupApi; drafts: Promise<DraftStore> | undefined }) {
  const tr = useTr();
  // What the popup holds of the store, kept up to date by the worker's answers (./store.ts).
  const store = useStore(api);
  const { root, refusal, setRefusal, exportGame } = store;
  const [drafts, setDrafts] = useState<DraftStore | null>(() => (draftsLoading ? null : memoryDrafts()));
  // How many actions succeeded: a field's message goes with the next one.
  const [succeeded, setSucceeded] = useState(0);
  // What the last action undid or removed, and the way back.
  const [notice, setNotice] = useState<ActionNotice | null>(null);
  useEffect(() => {
    if (draftsLoading) void draftsLoading.then(setDrafts, () => setDrafts(memoryDrafts()));
  }, [draftsLoading]);
  // The game file and backups section: open, and asked to show its backups (a store notice's link).
  const [filesOpen, setFilesOpen] = useState(false);
  const [backupsRequest, setBackupsRequest] = useState(0);
  const current = useRef<StoreRoot | null>(null);
  current.current = root;

  // Every action through the store; one that succeeds clears the last notice and counts for the fields' messages.
  const send: Send = useMemo(
    () => async (request) => {
      const ok = await store.send(request);
      if (ok) {
        setNotice(null);
        setSucceeded((n) => n + 1);
      }
      return ok;
    },
    [store.send],
  );

  const showBackups = () => {
    setFilesOpen(true);
    setBackupsRequest((n) => n + 1);
  };

  return (
    <StoreContext.Provider value={store}>
      <BoardProvider live={api.live}>
        <ConfirmHost exportGame={exportGame}>
          <main class="popup">
            <header class="app-header">
              <h1>{tr('extName')}</h1>
              {root && (
                <SystemPicker
                  active={root.activeSystem}
                  onPick={(system) => void send({ type: 'store/select-system', system })}
                />
              )}
              <RuleLookup root={root} />
            </header>
            {root && root.notices.length > 0 && (
              <StoreNotices
                notices={root.notices}
                onDismiss={() => void send({ type: 'store/dismiss-notice' })}
                onShowBackups={showBackups}
              />
            )}
            {/* Refusals are announced at once; the state shown is the one that was kept. */}
            <div class="refusal" role="alert" data-testid="refusal">
              {refusal && api.t(errorText(refusal, api.t))}
            </div>
            <ActionNoticeLine notice={notice} />
            {root && <DemoOffer system={root.activeSystem} />}
            {root && drafts ? (
              <NoticeContext.Provider value={setNotice}>
                <ActionsContext.Provider value={succeeded}>
                  <DraftContext.Provider value={{ store: drafts, system: root.activeSystem }}>
                    <ActivePanel root={root} send={send} />
                  </DraftContext.Provider>
                </ActionsContext.Provider>
              </NoticeContext.Provider>
            ) : (
              <p aria-busy="true">{tr('loading')}</p>
            )}
            {root && (
              <GameFiles
                open={filesOpen}
                onToggle={setFilesOpen}
                root={root}
                send={send}
                exportGame={exportGame}
                onRefusal={setRefusal}
                backupsRequest={backupsRequest}
              />
            )}
          </main>
        </ConfirmHost>
      </BoardProvider>
    </StoreContext.Provider>
  );
}

/** "Undone: Caporal added", with the way back: said where the player looks, and to assistive technology. */
function ActionNoticeLine({ notice }: { notice: ActionNotice | null }) {
  const tr = useTr();
  return (
    <div class="action-notice" role="status" data-testid="action-notice">
      {notice && (
        <>
          {notice.text}
          {notice.back && (
            <>
              {' '}
              <button type="button" class="small" data-testid="action-notice-back" onClick={notice.back.run}>
                {tr(notice.back.label)}
              </button>
            </>
          )}
        </>
      )}
    </div>
  );
}

/** With no tabletop in this tab, the way to the demo table (opened on the active system's scene). */
function DemoOffer({ system }: { system: SystemId }) {
  const tr = useTr();
  const api = useApi();
  const board = useBoard();
  if (board || !api.openDemo) return null;
  return (
    <p class="demo-link hint">
      {tr('demo_popup_hint')}{' '}
      <button type="button" class="small" data-testid="open-demo" onClick={() => api.openDemo!(system)}>
        {tr('demo_popup_open')}
      </button>
    </p>
  );
}

function ActivePanel({ root, send }: { root: StoreRoot; send: Send }) {
  const tr = useTr();
  const loaded = usePanel(root.activeSystem);
  if (!loaded) return <p aria-busy="true">{tr('loading')}</p>;
  const { Panel, descriptor } = loaded;
  const game = storedGame(root, root.activeSystem, descriptor.rules.defaultConfig);
  return (
    <GameBoardProvider
      system={root.activeSystem}
      binding={root.bindings[root.activeSystem] ?? EMPTY_BINDING}
      send={send}
    >
      <LiveBoardSection root={root} game={game} descriptor={descriptor} send={send} />
      <Panel game={game} send={send} />
    </GameBoardProvider>
  );
}

/**
 * The active tab's live board, for the components that read it. It changes a few times a second:
 * holding it here, apart from the shell, lets only those components re-render (a panel's field
 * being typed in is left alone).
 */
function BoardProvider({ live, children }: { live: PopupApi['live']; children: ComponentChildren }) {
  const [board, setBoard] = useState<BoardData | null>(null);
  useEffect(
    () =>
      live ? live.subscribe((summary, settings) => setBoard(summary ? { summary, settings, live } : null)) : undefined,
    [live],
  );
  return <BoardContext.Provider value={board}>{children}</BoardContext.Provider>;
}

function GameBoardProvider({ system, binding, send, children }: GameBoard & { children: ComponentChildren }) {
  const value = useMemo(() => ({ system, binding, send }), [system, binding, send]);
  return <GameBoardContext.Provider value={value}>{children}</GameBoardContext.Provider>;
}

/** The live board's section, loaded only when the active tab shows a tabletop. */
function LiveBoardSection(props: Parameters<typeof BoardSectionView>[0]) {
  const board = useBoard();
  const [View, setView] = useState<typeof BoardSectionView | null>(null);
  useEffect(() => {
    if (board && !View) void import('./board/BoardSection').then((m) => setView(() => m.BoardSection));
  }, [board, View]);
  return board && View ? <View {...props} /> : null;
}

/**
 * Export and import of a game file, and the backups the store keeps: a closed disclosure whose
 * contents (./files/Files) load when it first opens.
 */
function GameFiles({ open, onToggle, ...props }: FilesProps & { open: boolean; onToggle: (open: boolean) => void }) {
  const tr = useTr();
  const [View, setView] = useState<typeof FilesView | null>(null);
  useEffect(() => {
    if (open && !View) void import('./files/Files').then((m) => setView(() => m.Files));
  }, [open, View]);
  return (
    <details
      class="game-files"
      id="game-files"
      open={open}
      onToggle={(e) => onToggle((e.currentTarget as HTMLDetailsElement).open)}
      data-testid="game-files"
    >
      <summary>{tr('files_title')}</summary>
      {open && (View ? <View {...props} /> : <p aria-busy="true">{tr('loading')}</p>)}
    </details>
  );
}
