import { PageShell } from '#client/components/layout/page-shell';
import { DiscoverSimpleScreen } from '#client/features/discover/components/discover-simple-screen';

/** /discover-simple (docs/design.md, part 2). */
export default function DiscoverSimplePage() {
  return (
    <PageShell>
      <DiscoverSimpleScreen />
    </PageShell>
  );
}
