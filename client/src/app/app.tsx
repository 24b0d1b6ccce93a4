import { QueryClientProvider } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { Toaster } from '#client/components/ui/toaster';
import { queryClient } from '#client/lib/query-client';
import { AppErrorBoundary } from './app-error-boundary';
import { AppRouter } from './router';

export function App() {
  const [location] = useLocation();
  return (
    <QueryClientProvider client={queryClient}>
      <AppErrorBoundary resetKey={location}>
        <AppRouter />
      </AppErrorBoundary>
      <Toaster />
    </QueryClientProvider>
  );
}
