import { PageShell } from '#client/components/layout/page-shell';
import { DiscoverSimpleScreen } from '#client/features/discover/components/discover-simple-screen';

/** /discover-simple (spec section 2). */
export default function DiscoverSimplePage() {
  return (
    <PageShell>
      <DiscoverSimpleScreen />
    </PageShell>
  );
}
