import { PageShell } from '../../components/layout/page-shell';

export default function MyStoriesPage() {
  return (
    <PageShell>
      <h1 className="font-display text-2xl">MyStoriesPage</h1>
    </PageShell>
  );
}
