import { PageShell } from '../../components/layout/page-shell';
import { DiscoverSimpleScreen } from './components/discover-simple-screen';

/** /discover-simple (spec section 2). */
export default function DiscoverSimplePage() {
  return (
    <PageShell>
      <DiscoverSimpleScreen />
    </PageShell>
  );
}
