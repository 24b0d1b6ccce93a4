import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '#client/config/paths';
import { useT } from '#client/lib/i18n/use-t';
import { AccountMenu } from './account-menu';
import { useHeaderSlots } from './header-slots';

/**
 * Sticky header: product title, tagline, then (optionally) extra actions and the account menu. Opaque, so its
 * texts keep their contrast over whatever scrolls beneath it (light map tiles included; docs/decisions/014-phone-round-2.md).
 */
export function AppHeader({ actions }: { actions?: ReactNode }) {
  const slots = useHeaderSlots();
  const t = useT();
  return (
    <header className="sticky top-0 z-40 border-b border-night-700/70 bg-night-950">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
        <Link href={paths.home} className="group flex min-w-0 items-center gap-3 rounded-lg">
          <img src="/favicon.svg" alt="" className="h-8 w-8 shrink-0" />
          <span className="min-w-0">
            <span className="block font-display text-xl font-semibold leading-tight tracking-wide text-mist-100">
              {t('shell.appName')}
            </span>
            <span className="block truncate text-xs text-mist-400">{t('shell.tagline')}</span>
          </span>
        </Link>
        <div className="flex items-center gap-2">
          {actions}
          {slots.notifications}
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}
