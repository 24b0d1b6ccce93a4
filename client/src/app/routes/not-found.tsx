import { AlertCircle } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '#client/config/paths';
import { Button } from '#client/components/ui/button';
import { useT } from '#client/lib/i18n/use-t';

export default function NotFoundPage() {
  const t = useT();
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center px-4">
      <div className="w-full max-w-md rounded-2xl border border-night-600 bg-night-900/80 p-8 text-center shadow-2xl">
        <AlertCircle className="mx-auto h-10 w-10 text-ember-400" aria-hidden />
        <h1 className="mt-4 font-display text-2xl font-semibold">{t('app.notFoundTitle')}</h1>
        <p className="mt-2 text-sm text-mist-400">{t('app.notFoundBody')}</p>
        <Button asChild className="mt-6">
          <Link href={paths.home}>{t('app.backToMapTitle')}</Link>
        </Button>
      </div>
    </main>
  );
}
