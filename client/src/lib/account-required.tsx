import { ToastAction } from '#client/components/ui/lazy-toast';
import { toast } from '#client/components/ui/use-toast';
import { paths } from '#client/config/paths';

/** What a signed-out person is told when an action needs an account (docs/design.md, part 2), one text per action. */
export const ACCOUNT_REQUIRED = {
  create: 'Please sign in to create and share your own stories.',
  myStories: 'Please sign in to view your personal stories.',
  like: 'Please sign in to like stories.',
  report: 'Please sign in to report stories.',
} as const;

/** The "Account Required" toast with its "Sign In" action (to /auth). */
export function showAccountRequired(description: string, navigate: (to: string) => void) {
  toast({
    title: 'Account Required',
    description,
    action: (
      <ToastAction altText="Sign In" onClick={() => navigate(paths.auth)}>
        Sign In
      </ToastAction>
    ),
  });
}
