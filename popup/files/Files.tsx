import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import { logLength } from '../../src/game/log';
import type { RuleError } from '../../src/game/result';
import { isSystemId } from '../../src/rules/ids';
import type { StoreRoot } from '../../src/store/root';
import type { RestoreReport } from '../../src/store/restore';
import type { BackupInfo } from '../../src/store/service';
import { StoreContext } from '../store';
import { useConfirm } from '../components/Confirm';
import { useApi, useTr, type Send } from '../context';
import { downloadJson, exportName } from '../download';
import { systemNameKey } from '../SystemPicker';
import { importProblem } from '../import-words';
import { MAX_FILE_BYTES, readGameFile } from '../../src/store/file';
import { QUOTA_BYTES } from '../../src/store/quota';
import { parseBinding } from '../../src/board/schema';

export interface FilesProps {
  readonly root: StoreRoot;
  readonly send: Send;
  /** Downloads the active game; false when there is none yet. */
  readonly exportGame: () => boolean;
  /** Shows a refusal where the popup shows the worker's (a file that is not a game). */
  readonly onRefusal: (error: RuleError) => void;
  /** Grows when a store notice asks to see the backups: the list then takes the focus. */
  readonly backupsRequest: number;
}

/** Export and import of the active game as a JSON file `{system, game}`, and the store's backups. */
export function Files({ root, send, exportGame, onRefusal, backupsRequest }: FilesProps) {
  const [status, setStatus] = useState('');
  return (
    <div class="files">
      <GameFile root={root} send={send} exportGame={exportGame} onRefusal={onRefusal} setStatus={setStatus} />
      <p role="status" class="files-status" data-testid="files-status">
        {status}
      </p>
      <Backups root={root} send={send} onRefusal={onRefusal} backupsRequest={backupsRequest} setStatus={setStatus} />
    </div>
  );
}

/** Says in the files' status line what was done. */
type SetStatus = (status: string) => void;

/** A size in MB, in the popup's words. */
function useMb(): (bytes: number) => string {
  const tr = useTr();
  const format = new Intl.NumberFormat(tr('locale_code'), { maximumFractionDigits: 1 });
  return (bytes) => tr('files_mb', format.format(bytes / 1024 / 1024));
}

/** A game file as the store would take it, or what is wrong with it in the popup's words. */
async function readFile(
  file: File,
  tr: (key: string, ...subs: (string | number)[]) => string,
  t: Parameters<typeof importProblem>[2],
  mb: (bytes: number) => string,
): Promise<Exclude<ReturnType<typeof readGameFile>, string> | string> {
  if (file.size > MAX_FILE_BYTES) return tr('files_too_large', mb(file.size), mb(MAX_FILE_BYTES));
  let parsed: unknown;
  try {
    parsed = JSON.parse(await file.text());
  } catch {
    return tr('files_not_json');
  }
  const found = readGameFile(parsed);
  if (found === 'newer') return tr('files_newer');
  if (found === 'no-game') return tr('files_no_game');
  // What the store would hold of it: more than its quota, and no write could keep it.
  const bytes = JSON.stringify(found.game).length;
  if (bytes > QUOTA_BYTES) return tr('files_game_too_large', mb(bytes), mb(QUOTA_BYTES));
  // Said in the words the popup gives the same refusals in play (popup/import-words.ts).
  const problem = await importProblem(found.system, found.game, t);
  if (problem) return problem;
  if (found.binding !== undefined && found.binding !== null && !parseBinding(found.binding))
    return tr('files_bad_binding');
  return found;
}

/** The active game exported, or a game file imported: checked as the worker would, the player asked before it replaces a game he played. */
function GameFile({
  root,
  send,
  exportGame,
  onRefusal,
  setStatus,
}: Omit<FilesProps, 'backupsRequest'> & { setStatus: SetStatus }) {
  const tr = useTr();
  const api = useApi();
  const confirm = useConfirm();
  const mb = useMb();
  const system = root.activeSystem;
  const invalid = (detail: string) => onRefusal({ code: 'import-invalid', params: { detail } });

  const importFile = async (file: File) => {
    const found = await readFile(file, tr, api.t, mb);
    if (typeof found === 'string') return invalid(found);
    const into = found.system;
    const held = root.games[into];
    const played = held ? logLength(held.log) > 0 : false;
    // The game it replaces is kept as a backup by the store; the player is still asked first.
    if (
      played &&
      !(await confirm({
        message: tr('files_import_replaces', tr(systemNameKey(into))),
        confirm: tr('files_import_confirm'),
        offerExport: into === system,
      }))
    )
      return;
    if (
      !(await send({
        type: 'game/import',
        system: into,
        game: found.game,
        ...(found.binding === undefined ? {} : { binding: found.binding }),
      }))
    )
      return;
    if (into !== system) await send({ type: 'store/select-system', system: into });
    setStatus(tr('files_imported', tr(systemNameKey(into)), file.name));
  };

  return (
    <>
      <div class="row">
        <button
          type="button"
          data-testid="export-game"
          disabled={!root.games[system]}
          onClick={() => {
            if (exportGame()) setStatus(tr('files_exported'));
          }}
        >
          {tr('files_export', tr(systemNameKey(system)))}
        </button>
        <label class="file-pick">
          <span>{tr('files_import')}</span>
          <input
            type="file"
            accept="application/json,.json"
            data-testid="import-game"
            onChange={(e) => {
              const input = e.currentTarget as HTMLInputElement;
              const file = input.files?.[0];
              // Cleared, so that choosing the same file again reads it again.
              input.value = '';
              if (file) void importFile(file);
            }}
          />
        </label>
      </div>
      <p class="hint">{tr('files_hint')}</p>
    </>
  );
}

/** The store's backups, newest first: each restored, exported or deleted, the player asked first. */
function Backups({
  root,
  send,
  onRefusal,
  backupsRequest,
  setStatus,
}: Omit<FilesProps, 'exportGame'> & { setStatus: SetStatus }) {
  const tr = useTr();
  const api = useApi();
  const confirm = useConfirm();
  const store = useContext(StoreContext);
  const [backups, setBackups] = useState<readonly BackupInfo[] | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const systemName = useSystemName();

  const refresh = async () => {
    const answer = await api.send({ type: 'store/backups' });
    if (answer.ok) setBackups((answer.data as BackupInfo[] | undefined) ?? []);
    else onRefusal(answer.error);
  };
  // The list follows the store's backups: a restore, an import, a repair (not every move of the game).
  useEffect(() => void refresh(), [store?.backups ?? root.revision]);
  useEffect(() => {
    if (backupsRequest > 0) heading.current?.focus();
  }, [backupsRequest]);

  const restore = async (b: BackupInfo) => {
    const message =
      b.kind === 'store'
        ? tr('files_restore_store')
        : tr('files_restore_game', b.system ? systemName(b.system) : b.key);
    if (!(await confirm({ message, confirm: tr('files_restore') }))) return;
    // The answer says what could not be read of it (a backup of a damaged store is damaged too).
    const request = { type: 'store/restore', key: b.key } as const;
    const answer = store ? await store.ask(request) : { ok: await send(request) };
    if (!answer.ok) return;
    const report = 'data' in answer ? (answer.data as RestoreReport | undefined) : undefined;
    setStatus(
      report?.unreadable ? tr('files_restored_partial', b.key, report.unreadable) : tr('files_restored', b.key),
    );
  };

  const remove = async (b: BackupInfo) => {
    if (!(await confirm({ message: tr('files_delete_confirm', b.key), confirm: tr('files_delete') }))) return;
    if (await send({ type: 'store/delete-backup', key: b.key })) {
      setStatus(tr('files_deleted', b.key));
      await refresh();
    }
  };

  return (
    <>
      <h3 id="backups-title" tabIndex={-1} ref={heading}>
        {tr('files_backups')}
      </h3>
      <p class="hint">{tr('files_backups_hint')}</p>
      {backups === null ? (
        <p aria-busy="true">{tr('loading')}</p>
      ) : backups.length === 0 ? (
        <p class="hint" data-testid="backups-empty">
          {tr('files_no_backups')}
        </p>
      ) : (
        <ul class="backups" aria-labelledby="backups-title" data-testid="backups">
          {backups.map((b) => (
            <BackupRow
              key={b.key}
              backup={b}
              restore={() => void restore(b)}
              remove={() => void remove(b)}
              onRefusal={onRefusal}
              setStatus={setStatus}
            />
          ))}
        </ul>
      )}
    </>
  );
}

/** A system's name in the popup's words (a backup of a system this version does not know: its id). */
function useSystemName(): (id: string) => string {
  const tr = useTr();
  return (id) => (isSystemId(id) ? tr(systemNameKey(id)) : id);
}

/** One backup: what and when, and its three buttons (its export made here). */
function BackupRow({
  backup: b,
  restore,
  remove,
  onRefusal,
  setStatus,
}: {
  backup: BackupInfo;
  restore: () => void;
  remove: () => void;
  onRefusal: FilesProps['onRefusal'];
  setStatus: SetStatus;
}) {
  const tr = useTr();
  const api = useApi();
  const systemName = useSystemName();
  const exportIt = async () => {
    const answer = await api.send({ type: 'store/backup', key: b.key });
    if (!answer.ok) return onRefusal(answer.error);
    downloadJson(exportName(`backup-${b.kind}${b.system ? `-${b.system}` : ''}`, new Date()), answer.data);
    setStatus(tr('files_exported'));
  };
  const lang = tr('locale_code');
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  const kb = new Intl.NumberFormat(lang, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const d = new Date(b.at);
  const when = Number.isNaN(d.getTime()) ? b.at : date.format(d);
  return (
    <li data-testid="backup" data-key={b.key}>
      <span class="backup-what">
        {tr(`files_kind_${b.kind}`)}
        {b.system && ` · ${systemName(b.system)}`}
      </span>
      <span class="hint">
        {when} · {tr('files_kb', kb.format(b.bytes / 1024))}
      </span>
      <span class="backup-key hint">{b.key}</span>
      <span class="row">
        {b.kind !== 'settings' && (
          <button
            type="button"
            class="small"
            data-testid="backup-restore"
            aria-label={tr('files_restore_named', b.key)}
            onClick={restore}
          >
            {tr('files_restore')}
          </button>
        )}
        <button
          type="button"
          class="small"
          data-testid="backup-export"
          aria-label={tr('files_export_named', b.key)}
          onClick={() => void exportIt()}
        >
          {tr('files_export_backup')}
        </button>
        <button
          type="button"
          class="small"
          data-testid="backup-delete"
          aria-label={tr('files_delete_named', b.key)}
          onClick={remove}
        >
          {tr('files_delete')}
        </button>
      </span>
    </li>
  );
}
