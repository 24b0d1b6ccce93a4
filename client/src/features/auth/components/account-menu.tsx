import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../api/get-current-user';

/** Account menu (spec section 2). Signed out: a Sign In button to /auth. */
export function AccountMenu() {
  const { data: user } = useCurrentUser();
  if (!user) {
    return (
      <Button asChild size="sm">
        <Link href={paths.auth}>Sign In</Link>
      </Button>
    );
  }
  return (
    <Link href={paths.setup} aria-label="Account" className="rounded-full bg-glow-600 px-3 py-2 text-sm font-semibold">
      {user.displayName.slice(0, 2).toUpperCase()}
    </Link>
  );
}
