import { PageShell } from '#client/components/layout/page-shell';

export default function DiscoverPage() {
  return (
    <PageShell>
      <h1 className="font-display text-2xl">DiscoverPage</h1>
    </PageShell>
  );
}
