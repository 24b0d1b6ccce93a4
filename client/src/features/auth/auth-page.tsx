import { PageShell } from '../../components/layout/page-shell';

export default function AuthPage() {
  return (
    <PageShell>
      <h1 className="font-display text-2xl">AuthPage</h1>
    </PageShell>
  );
}
