/**
 * "Import a route": a GPX, KML or GeoJSON file read in the browser as text and sent to POST /api/drafts/import,
 * which makes a planned tour of it (docs/decisions/060-story-drafts-and-routes-in.md). A file over 2 MB is refused
 * here with the server's own sentence, before it is read.
 */
import { useRef, useState } from 'react';
import { Upload } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { errorMessage } from '#client/lib/api-client';
import { messageToast } from '#client/lib/toast-message';
import { useImportRoute } from '../api/import-route';
import { ROUTE_FILE_ACCEPT, routeFileProblem } from '../lib/planned';
import { useT } from '#client/lib/i18n/use-t';

export function ImportRouteButton() {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const importRoute = useImportRoute();
  const [problem, setProblem] = useState<string | null>(null);

  const chosen = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setProblem(null);
    const tooLarge = routeFileProblem(file);
    if (tooLarge) {
      setProblem(tooLarge);
      return;
    }
    const text = await file.text();
    importRoute.mutate(
      { fileName: file.name, text },
      {
        onSuccess: (tour) =>
          messageToast(t('planned.routeImported', { title: tour.title, count: tour.stops.length }), 'success'),
        onError: (error) => setProblem(errorMessage(error, t('planned.importFailed'))),
      },
    );
  };

  return (
    <div className="grid gap-2">
      <input
        ref={input}
        type="file"
        accept={ROUTE_FILE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="route-file-input"
        onChange={(event) => void chosen(event.target.files?.[0])}
      />
      <Button variant="secondary" onClick={() => input.current?.click()} disabled={importRoute.isPending}>
        <Upload aria-hidden />
        {importRoute.isPending ? t('planned.importing') : t('planned.importRoute')}
      </Button>
      {problem && (
        <p role="alert" className="rounded-lg border border-red-500/50 bg-red-500/15 px-3 py-2 text-sm text-red-100">
          {problem}
        </p>
      )}
    </div>
  );
}
