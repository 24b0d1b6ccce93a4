import { PageShell } from '#client/components/layout/page-shell';

export default function DiscoverSimplePage() {
  return (
    <PageShell>
      <h1 className="font-display text-2xl">DiscoverSimplePage</h1>
    </PageShell>
  );
}
