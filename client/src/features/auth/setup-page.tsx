import { PageShell } from '../../components/layout/page-shell';

export default function SetupPage() {
  return (
    <PageShell>
      <h1 className="font-display text-2xl">SetupPage</h1>
    </PageShell>
  );
}
