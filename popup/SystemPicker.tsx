import { SYSTEM_IDS, type SystemId } from '../src/rules/ids';
import { useTr } from './context';

/** The rule system on screen; each system keeps its own game. */
export function SystemPicker({ active, onPick }: { active: SystemId; onPick: (system: SystemId) => void }) {
  const tr = useTr();
  return (
    <label class="system-picker">
      <span class="visually-hidden">{tr('system_picker')}</span>
      <select
        data-testid="system-picker"
        value={active}
        onChange={(e) => onPick((e.currentTarget as HTMLSelectElement).value as SystemId)}
      >
        {SYSTEM_IDS.map((id) => (
          <option key={id} value={id}>
            {tr(systemNameKey(id))}
          </option>
        ))}
      </select>
    </label>
  );
}

export const systemNameKey = (id: SystemId): string => `system_${id.replaceAll('-', '_')}`;
