import { PageShell } from '../../components/layout/page-shell';

export function HomePage({ storyId: _storyId }: { storyId?: string }) {
  return (
    <PageShell>
      <h1 className="font-display text-2xl">HomePage</h1>
    </PageShell>
  );
}
