import { AlertTriangle } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '#client/components/ui/button';
import { paths } from '#client/config/paths';
import { useT } from '#client/lib/i18n/use-t';

interface Props {
  children: ReactNode;
  /** The current path: moving to another screen clears a shown error. */
  resetKey: string;
}

interface State {
  error: Error | null;
}

/**
 * Last line of defence for the whole app. Every route is a lazy chunk: after a deploy or on a dropped connection
 * its download can fail, and without this the page would go blank. Instead a recover screen offers a reload.
 */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Screen failed to render', error, info.componentStack);
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <RecoverScreen />;
  }
}

function RecoverScreen() {
  const t = useT();
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center px-4">
      <div
        role="alert"
        className="w-full max-w-md rounded-2xl border border-night-600 bg-night-900/80 p-8 text-center shadow-2xl"
      >
        <AlertTriangle className="mx-auto h-10 w-10 text-ember-400" aria-hidden />
        <h1 className="mt-4 font-display text-2xl font-semibold">{t('app.errorTitle')}</h1>
        <p className="mt-2 text-sm text-mist-400">{t('app.errorBody')}</p>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Button type="button" onClick={() => window.location.reload()}>
            {t('app.reload')}
          </Button>
          <Button asChild variant="outline">
            {/* A full page load, not client routing: the app's own state may be what failed. */}
            <a href={paths.home}>{t('app.backToMapTitle')}</a>
          </Button>
        </div>
      </div>
    </main>
  );
}
