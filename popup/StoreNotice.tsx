import { useEffect, useState } from 'preact/hooks';
import type { StoreNotice } from '../src/store/root';
import type { StoreNoticeList } from './StoreNoticeList';

type Props = { notices: readonly StoreNotice[]; onDismiss: () => void; onShowBackups: () => void };

/**
 * What the store had to repair (./StoreNoticeList): rare, so its words load when there is something
 * to say, not with the popup.
 */
export function StoreNotices(props: Props) {
  const [List, setList] = useState<typeof StoreNoticeList | null>(null);
  useEffect(() => {
    if (!List) void import('./StoreNoticeList').then((m) => setList(() => m.StoreNoticeList));
  }, [List]);
  return List ? <List {...props} /> : null;
}
