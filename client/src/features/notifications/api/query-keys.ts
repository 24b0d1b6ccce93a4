/** Query keys of the notifications domain, under one root (['notifications', …]). */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unread: ['notifications', 'unread'] as const,
  smart: (lat: number, lng: number, timeOfDay: string) => ['notifications', 'smart', { lat, lng, timeOfDay }] as const,
};
