import type { StoreNotice } from '../src/store/root';
import { systemNameKey } from './SystemPicker';
import { useTr } from './context';

/** Says plainly what the store had to repair, why, and where the old data was kept; one dismiss for all. */
export function StoreNoticeList({
  notices,
  onDismiss,
  onShowBackups,
}: {
  notices: readonly StoreNotice[];
  onDismiss: () => void;
  onShowBackups: () => void;
}) {
  const tr = useTr();
  return (
    <section class="notice" role="status" data-testid="store-notice">
      {notices.map((n, i) => (
        <div key={i} data-kind={n.kind}>
          {n.kind === 'store-reset' && (
            <>
              <h2>{tr('store_reset_title')}</h2>
              <p>{tr(`store_reset_${n.reason.replaceAll('-', '_')}`)}</p>
              <p class="detail">{n.detail}</p>
              <p>{tr('store_reset_backup', n.backupKey)}</p>
            </>
          )}
          {n.kind === 'game-reset' && (
            <>
              <h2>{tr('store_game_reset_title', tr(systemNameKey(n.system)))}</h2>
              <p>{tr(`store_reset_${n.reason.replaceAll('-', '_')}`)}</p>
              <p class="detail">{n.detail}</p>
              <p>{tr('store_game_reset_backup', n.backupKey)}</p>
            </>
          )}
          {n.kind === 'header-rebuilt' && (
            <>
              <h2>{tr('store_header_title')}</h2>
              <p>{tr(`store_reset_${n.reason.replaceAll('-', '_')}`)}</p>
              <p class="detail">{n.detail}</p>
              <p>
                {n.games.length
                  ? tr('store_header_games', n.games.map((g) => tr(systemNameKey(g))).join(', '))
                  : tr('store_header_no_games')}
              </p>
              {n.backupKey && <p>{tr('store_header_backup', n.backupKey)}</p>}
            </>
          )}
          {n.kind === 'game-cut' && (
            <>
              <h2>{tr('store_game_cut_title', tr(systemNameKey(n.system)))}</h2>
              <p>{n.kept > 0 ? tr('store_game_cut_kept', n.kept) : tr('store_game_cut_none')}</p>
              <p class="detail">{n.detail}</p>
              {n.backupKey && <p>{tr('store_game_cut_backup', n.backupKey)}</p>}
            </>
          )}
          {n.kind === 'games-back' && (
            <>
              <h2>{tr('store_games_back_title')}</h2>
              {n.games.length > 0 && (
                <p>{tr('store_games_back', n.games.map((g) => tr(systemNameKey(g))).join(', '))}</p>
              )}
              {n.newer.length > 0 && n.backupKey && (
                <p>{tr('store_games_newer', n.newer.map((g) => tr(systemNameKey(g))).join(', '), n.backupKey)}</p>
              )}
            </>
          )}
          {n.kind === 'keys-aside' && <p>{tr('store_keys_aside', n.count, n.backupKey)}</p>}
          {n.kind === 'demo-repaired' && <p>{tr('store_demo_repaired', n.systems.join(', '), n.backupKey)}</p>}
          {n.kind === 'store-newer' && (
            <>
              <h2>{tr('store_newer_title')}</h2>
              <p>{tr('store_newer_body', n.version)}</p>
            </>
          )}
          {n.kind === 'settings-repaired' && <p>{tr('store_settings_repaired', n.fields.join(', '), n.backupKey)}</p>}
          {n.kind === 'quota' && <p data-testid="store-quota">{tr('store_quota', n.percent)}</p>}
        </div>
      ))}
      <p class="row">
        {/* Every notice names a backup or asks to make room: the list where both are done. */}
        <a href="#game-files" data-testid="see-backups" onClick={(e) => (e.preventDefault(), onShowBackups())}>
          {tr('store_see_backups')}
        </a>
        <button type="button" onClick={onDismiss}>
          {tr('store_reset_dismiss')}
        </button>
      </p>
    </section>
  );
}
