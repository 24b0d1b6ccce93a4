import type { SelectHTMLAttributes } from 'react';
import { cn } from '#client/lib/utils';

/** A native select styled like `Input` (native: the phone's own picker, keyboard and screen-reader support). */
export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select
      className={cn(
        'h-10 w-full rounded-lg border border-night-600 bg-night-900 px-3 text-sm text-mist-100 disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}
