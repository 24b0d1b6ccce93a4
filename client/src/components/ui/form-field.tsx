import type { ReactNode } from 'react';
import { cn } from '#client/lib/utils';
import { FieldError, Label } from './input';

/** What a form control needs from its field: the id its label points at, and its aria wiring. */
interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export interface FormFieldProps {
  /** The control's id; the hint and error get `${id}-hint` and `${id}-error`. */
  id: string;
  label: ReactNode;
  /** Shown beside the label (a link, a character counter). */
  aside?: ReactNode;
  /** A help line under the control, read with it. */
  hint?: ReactNode;
  /** The error to show now; marks the control invalid and is read with it. */
  error?: string;
  /** More under the control, before the hint (e.g. a live validity status); give it an id in `describedBy`. */
  after?: ReactNode;
  /** Further ids describing the control (e.g. a counter in `aside`), read before hint and error. */
  describedBy?: string;
  className?: string;
  /** Renders the control with the props it must spread: `{(field) => <Input {...field} … />}`. */
  children: (field: FieldControlProps) => ReactNode;
}

/**
 * One form field: label, control, hint and error, with the control's `aria-describedby` and `aria-invalid`
 * derived from what is shown, so no form wires them by hand.
 */
export function FormField({ id, label, aside, hint, error, after, describedBy, className, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const described = [describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined;
  const labelElement = <Label htmlFor={id}>{label}</Label>;
  return (
    <div className={cn('grid gap-1.5', className)}>
      {aside ? (
        <div className="flex items-baseline justify-between gap-2">
          {labelElement}
          {aside}
        </div>
      ) : (
        labelElement
      )}
      {children({ id, 'aria-describedby': described, 'aria-invalid': error ? true : undefined })}
      {after}
      {hint && (
        <p id={hintId} className="text-xs text-mist-400">
          {hint}
        </p>
      )}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
