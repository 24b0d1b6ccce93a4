import { cva, type VariantProps } from 'class-variance-authority';
import { cloneElement, isValidElement, type ButtonHTMLAttributes } from 'react';
import { cn } from '#client/lib/utils';

const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg text-sm font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-glow-600 text-white hover:bg-glow-700',
        secondary: 'bg-night-700 text-mist-100 hover:bg-night-600',
        outline: 'border border-night-600 bg-transparent text-mist-100 hover:bg-night-800',
        ghost: 'text-mist-100 hover:bg-night-800',
        destructive: 'bg-red-700 text-white hover:bg-red-600',
        link: 'text-glow-300 underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-9 px-3',
        lg: 'h-11 px-6 text-base',
        icon: 'h-10 w-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, VariantProps<typeof buttonVariants> {
  /** Render the one child element (a link) with button styles instead of a <button>. */
  asChild?: boolean;
}

export function Button({ className, variant, size, asChild = false, children, ...props }: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className);
  // The child keeps its own props and gets the button's classes (and any other props given here). Done by hand,
  // not with Radix's Slot: every screen's header has such a button ("Sign In"), and Slot would put 1.2 KiB gzip
  // on every first screen (bench/README.md).
  if (asChild && isValidElement<{ className?: string }>(children)) {
    return cloneElement(children, { ...props, className: cn(classes, children.props.className) });
  }
  return (
    <button className={classes} {...props}>
      {children}
    </button>
  );
}
