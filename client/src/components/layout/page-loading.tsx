import { Loader2 } from 'lucide-react';

export function PageLoading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[40dvh] items-center justify-center gap-3 text-mist-300">
      <Loader2 className="h-5 w-5 animate-spin" aria-hidden />
      <span>{label}</span>
    </div>
  );
}
