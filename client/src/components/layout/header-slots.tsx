import { createContext, useContext, type ReactNode } from 'react';

/**
 * What the app puts in every page's header beside the account menu (the notifications bell). The app layer fills
 * it (app/app.tsx), so the shared layout never imports a feature.
 */
export interface HeaderSlots {
  notifications?: ReactNode;
}

const HeaderSlotsContext = createContext<HeaderSlots>({});

export const HeaderSlotsProvider = HeaderSlotsContext.Provider;

export function useHeaderSlots(): HeaderSlots {
  return useContext(HeaderSlotsContext);
}
