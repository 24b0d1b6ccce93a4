import type { ReactNode } from 'react';
import { AppHeader } from './app-header';

/** Header + main landmark + centred content column, shared by every screen. */
export function PageShell({ children, headerActions }: { children: ReactNode; headerActions?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader actions={headerActions} />
      {/* Room below the last card for the home screen's + lane and the phone's safe area: it can always scroll clear. */}
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 pb-[calc(6rem+env(safe-area-inset-bottom))] pt-4">
        {children}
      </main>
    </div>
  );
}
