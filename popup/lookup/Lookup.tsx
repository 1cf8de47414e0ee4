import { useEffect, useMemo, useState } from 'preact/hooks';
import { prepare, search, type Hit, type Searchable } from '../../src/lookup/search';
import type { SystemId } from '../../src/rules/ids';
import type { StoreRoot } from '../../src/store/root';
import { useT, useTr } from '../context';
import { systemNameKey } from '../SystemPicker';
import { INDEX_LANGUAGES, loadRulesIndex } from './load-index';
import { useLiveNumbers, type LiveNumbers } from './live';
import { Inline, RuleText } from './RuleText';

/** Enough results to find the rule; the status line says how many there are in all. */
const SHOWN = 8;

/** Each language's index, loaded and prepared once per popup, however often the lookup reopens. */
const indexes = new Map<string, Promise<Searchable>>();
function indexOf(lang: string): Promise<Searchable> {
  let index = indexes.get(lang);
  if (!index) {
    index = loadRulesIndex(lang).then(prepare);
    // A failed load is tried again at the next opening.
    index.catch(() => indexes.delete(lang));
    indexes.set(lang, index);
  }
  return index;
}

/** The index, the search and the live numbers under the box of ./Opener: loaded when the lookup first opens. */
/** What the lazily loaded results are handed by the box that opens them (./Opener.tsx). */
export interface ResultsProps {
  readonly root: StoreRoot | null;
  readonly query: string;
  /** What the results amount to, announced by the box's status line. */
  readonly onStatus: (status: string) => void;
}

export function Results({ root, query, onStatus }: ResultsProps) {
  const tr = useTr();
  // The index follows the language of the extension's messages, which is the one the browser chose.
  const asked = tr('lookup_index_lang');
  const lang = (INDEX_LANGUAGES as readonly string[]).includes(asked) ? asked : 'en';
  const [index, setIndex] = useState<Searchable | 'failed' | null>(null);

  useEffect(() => {
    let current = true;
    indexOf(lang).then(
      (loaded) => current && setIndex(loaded),
      () => current && setIndex('failed'),
    );
    return () => {
      current = false;
    };
  }, [lang]);

  const hits = useMemo(
    () => (index && index !== 'failed' ? search(index, query, root?.activeSystem) : []),
    [index, query, root?.activeSystem],
  );
  const shown = hits.slice(0, SHOWN);
  const live = useLiveNumbers(root, [...new Set(shown.map((h) => h.system))]);

  const status =
    index === null
      ? tr('loading')
      : index === 'failed'
        ? tr('lookup_failed')
        : query.trim() === ''
          ? tr('lookup_empty')
          : hits.length === 0
            ? tr('lookup_none')
            : tr('lookup_count', hits.length);
  useEffect(() => onStatus(status), [status, onStatus]);

  return (
    <ol id="lookup-results" class="lookup-results" aria-labelledby="lookup-title" data-testid="lookup-results">
      {shown.map((hit) => (
        <Result key={`${hit.system}/${hit.topic.id}`} hit={hit} live={live} />
      ))}
    </ol>
  );
}

function Result({ hit, live }: { hit: Hit; live: LiveNumbers }) {
  const tr = useTr();
  const t = useT();
  const { system, topic } = hit;
  const id = `lookup-${system}-${topic.id}`;
  const lines = live[system as SystemId]?.[topic.id] ?? [];
  return (
    <li tabIndex={-1} class="lookup-result" aria-labelledby={id} data-testid={`lookup-result-${system}-${topic.id}`}>
      <h3 id={id}>
        <span class="lookup-system">{tr(systemNameKey(system))}</span>
        <span class="lookup-topic">{topic.title}</span>
      </h3>
      <RuleText blocks={topic.text} />
      {lines.length > 0 && (
        <div class="lookup-live" data-testid={`lookup-live-${system}-${topic.id}`}>
          <h4>{tr('lookup_live')}</h4>
          <ul>
            {lines.map((line, i) => (
              <li key={i}>{t(line)}</li>
            ))}
          </ul>
        </div>
      )}
      {topic.house && (
        <div class="lookup-house">
          <RuleText blocks={topic.house} />
          <p class="hint">{tr('lookup_where')}</p>
          <ul class="lookup-where">
            {(topic.where ?? []).map((w, i) => (
              <li key={i}>
                <Inline text={w} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}
