import { QueryClientProvider } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { InterfaceLanguageProvider } from '#client/lib/i18n/use-t';
import { HeaderSlotsProvider } from '#client/components/layout/header-slots';
import { LazyToaster } from '#client/components/ui/lazy-toast';
import { NotificationsMenu } from '#client/features/notifications/components/notifications-menu';
import { queryClient } from '#client/lib/query-client';
import { OfflineLine } from '#client/lib/pwa/offline-line';
import { UpdatePrompt } from '#client/lib/pwa/update-prompt';
import { AppErrorBoundary } from './app-error-boundary';
import { AppRouter } from './router';

/** Header pieces every page shows; made once so the bell keeps its stream across page changes' re-renders. */
const headerSlots = { notifications: <NotificationsMenu /> };

export function App() {
  const [location] = useLocation();
  return (
    <InterfaceLanguageProvider>
      <QueryClientProvider client={queryClient}>
        <OfflineLine />
        <HeaderSlotsProvider value={headerSlots}>
          <AppErrorBoundary resetKey={location}>
            <AppRouter />
          </AppErrorBoundary>
        </HeaderSlotsProvider>
        <LazyToaster />
        <UpdatePrompt />
      </QueryClientProvider>
    </InterfaceLanguageProvider>
  );
}
