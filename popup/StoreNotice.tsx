import type { StoreNotice } from '../src/store/root';
import { useTr } from './context';

/** Says plainly that the stored game could not be read, why, and where the old data was kept. */
export function StoreNoticeBanner({ notice, onDismiss }: { notice: StoreNotice; onDismiss: () => void }) {
  const tr = useTr();
  return (
    <section class="notice" role="status" data-testid="store-notice">
      <h2>{tr('store_reset_title')}</h2>
      <p>{tr(`store_reset_${notice.reason.replaceAll('-', '_')}`)}</p>
      <p class="detail">{notice.detail}</p>
      <p>{tr('store_reset_backup', notice.backupKey)}</p>
      <button type="button" onClick={onDismiss}>
        {tr('store_reset_dismiss')}
      </button>
    </section>
  );
}
