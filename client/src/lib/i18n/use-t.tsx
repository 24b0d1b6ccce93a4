import { LinguiContext, Trans, useLingui } from '@lingui/react';
import { useCallback, useMemo, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { distanceUnits, subscribeToDistanceUnits } from './format';
import { i18n, type MessageValues } from './i18n';
import type { MessageId } from './message-ids';

// Counts Lingui's "change" events (a language activated, or the rest of its catalogue merged in: i18n.ts). Counted
// from the start, so a change that comes before React has subscribed is not lost.
let messagesVersion = 0;
i18n.on('change', () => {
  messagesVersion += 1;
});
const subscribeToMessages = (onChange: () => void) => i18n.on('change', onChange);
const currentMessagesVersion = () => messagesVersion;

/**
 * Lingui's context, renewed at each change of language or messages. Lingui's own provider listens from an effect,
 * after the first commit, and misses a change made before then: the rest of a catalogue arriving while React renders
 * the first tree would leave those texts in English (docs/decisions/062-interface-languages.md).
 */
export function InterfaceLanguageProvider({ children }: { children: ReactNode }) {
  const version = useSyncExternalStore(subscribeToMessages, currentMessagesVersion, currentMessagesVersion);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` is what renews the context.
  const context = useMemo(() => ({ i18n, _: i18n.t.bind(i18n) }), [version]);
  return <LinguiContext.Provider value={context}>{children}</LinguiContext.Provider>;
}

/** What `useT()` returns: for helpers that say things for a component. */
export type Translate = (id: MessageId, values?: MessageValues) => string;

/**
 * `t('shell.signIn')`: a message of the current language; the component renders again, with a new `t`, when the
 * language or its messages change.
 */
export function useT(): Translate {
  const context = useLingui();
  // Distances are part of how the interface speaks: a component that says things renders again when the units change.
  const units = useSyncExternalStore(subscribeToDistanceUnits, distanceUnits, () => 'km');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `units` gives callers a new `t` when the units change.
  return useCallback((id: MessageId, values?: MessageValues) => context.i18n._(id, values), [context, units]);
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
