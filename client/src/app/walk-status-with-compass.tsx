import type { ComponentProps } from 'react';
import { useDeviceHeading } from '#client/features/ar/hooks/use-device-heading';
import { WalkStatus } from '#client/features/walk/components/walk-panel';

/**
 * Walk mode's status lines with the device's compass heading, when it has one (docs/decisions/016-walk-mode-and-tours.md): composed here, walk mode
 * and the AR view's compass being separate features. Loaded with the first walk (lazy-walk-panel.tsx).
 */
export function WalkStatusWithCompass(props: Omit<ComponentProps<typeof WalkStatus>, 'heading'>) {
  const compass = useDeviceHeading(props.walk.active);
  return <WalkStatus {...props} heading={compass.status === 'live' ? compass.heading : null} />;
}
