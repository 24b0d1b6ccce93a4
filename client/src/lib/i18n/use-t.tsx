import { I18nProvider, Trans, useLingui } from '@lingui/react';
import { useCallback, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { distanceUnits, subscribeToDistanceUnits } from './format';
import { i18n, type MessageValues } from './i18n';
import type { MessageId } from './message-ids';

export function InterfaceLanguageProvider({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

/** What `useT()` returns: for helpers that say things for a component. */
export type Translate = (id: MessageId, values?: MessageValues) => string;

/** `t('shell.signIn')`: a message of the current language; the component renders again when the language changes. */
export function useT(): Translate {
  const { i18n: active } = useLingui();
  // Distances are part of how the interface speaks: a component that says things renders again when the units change.
  const units = useSyncExternalStore(subscribeToDistanceUnits, distanceUnits, () => 'km');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `units` gives callers a new `t` when the units change.
  return useCallback((id: MessageId, values?: MessageValues) => active._(id, values), [active, units]);
}

/**
 * A message with elements inside it: `<Message id="x" components={{ 0: <a href="…" /> }} />` for "Read <0>the
 * guide</0>", so translators move the link with its words.
 */
export function Message({
  id,
  values,
  components,
}: {
  id: MessageId;
  values?: MessageValues;
  components?: Record<string, ReactElement>;
}) {
  return <Trans id={id} values={values} components={components} />;
}
