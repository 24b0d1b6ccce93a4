import type { DiscoveryColour } from '#common/discovery-status';

/** Text and dot classes of the four status colours (docs/design.md, part 4: green, yellow, blue, orange). */
export const STATUS_TEXT: Record<DiscoveryColour, string> = {
  green: 'text-emerald-300',
  yellow: 'text-yellow-300',
  blue: 'text-sky-300',
  orange: 'text-orange-300',
};

export const STATUS_DOT: Record<DiscoveryColour, string> = {
  green: 'bg-emerald-400',
  yellow: 'bg-yellow-400',
  blue: 'bg-sky-400',
  orange: 'bg-orange-400',
};
