import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. (tailwind-merge was dropped: it cost ~8 KiB gzipped of initial JS; components avoid
 * passing conflicting utilities instead.)
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
