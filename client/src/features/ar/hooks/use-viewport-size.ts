import { useEffect, useState } from 'react';
import type { Viewport } from '../lib/layout';

/** The window's size in CSS pixels, kept current on resize and rotation. */
export function useViewportSize(): Viewport {
  const read = () => ({ width: window.innerWidth, height: window.innerHeight });
  const [size, setSize] = useState<Viewport>(read);
  useEffect(() => {
    const onResize = () => setSize(read());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}
