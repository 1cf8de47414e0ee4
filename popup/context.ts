import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Text } from '../src/i18n/text';
import { text } from '../src/i18n/text';
import type { PopupApi } from './api';

export const ApiContext = createContext<PopupApi | null>(null);

export function useApi(): PopupApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error('PopupApi missing: render inside <ApiContext.Provider>');
  return api;
}

/** `tr(messageKey, …subs)`: the translated string. */
export function useTr(): (key: string, ...subs: (string | number)[]) => string {
  const { t } = useApi();
  return (key, ...subs) => t(text(key, ...subs));
}

export function useT(): (t: Text) => string {
  return useApi().t;
}
