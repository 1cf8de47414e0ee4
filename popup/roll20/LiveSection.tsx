import { useEffect, useState } from 'preact/hooks';
import type { Roll20Settings } from '../../src/adapters/roll20/settings';
import type { LiveTable } from '../../src/adapters/roll20/summary';
import type { StoreRoot } from '../../src/store/root';
import type { Send } from '../App';
import { useApi } from '../context';
import type { LiveTableView } from './LiveTable';

/**
 * The "Live table" section above the rule panel, shown only when the active tab is a Roll20 editor
 * that reported its table. The view itself loads on demand, so the popup carries little for it.
 */
export function LiveSection({ root, send }: { root: StoreRoot; send: Send }) {
  const { live } = useApi();
  const [data, setData] = useState<{ table: LiveTable; settings: Roll20Settings } | null>(null);
  const [View, setView] = useState<typeof LiveTableView | null>(null);
  useEffect(() => (live ? live.subscribe((table, settings) => setData(table ? { table, settings } : null)) : undefined), [live]);
  useEffect(() => {
    if (data && !View) void import('./LiveTable').then((m) => setView(() => m.LiveTableView));
  }, [data, View]);
  if (!data || !View || !live) return null;
  return <View table={data.table} settings={data.settings} root={root} send={send} live={live} />;
}
