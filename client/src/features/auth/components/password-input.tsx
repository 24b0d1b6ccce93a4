import { Eye, EyeOff } from 'lucide-react';
import { useState, type InputHTMLAttributes } from 'react';
import { Input } from '#client/components/ui/input';
import { useT } from '#client/lib/i18n/use-t';

interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  id: string;
  /** What the toggle shows or hides, for its label: "Show {what}" / "Hide {what}" (translated; "password" when unset). */
  what?: string;
}

/** A password field with a show/hide toggle. The typed password is never echoed elsewhere (docs/design.md, rule 6). */
export function PasswordInput({ id, what, style, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const t = useT();
  const shown = what ?? t('auth.passwordWhat');
  return (
    <div className="relative">
      {/* Inline padding: room for the toggle without fighting the Input's own px-3 utility. */}
      <Input
        id={id}
        type={visible ? 'text' : 'password'}
        style={{ paddingInlineEnd: '2.75rem', ...style }}
        {...props}
      />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={t(visible ? 'auth.hideWhat' : 'auth.showWhat', { what: shown })}
        aria-controls={id}
        className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-lg text-mist-400 hover:text-mist-100"
      >
        {visible ? <EyeOff className="h-4 w-4" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />}
      </button>
    </div>
  );
}
